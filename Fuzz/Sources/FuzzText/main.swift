import Foundation
import FuzzDriver
import SocialModelText

/// Tight limits, so that the fuzzer reaches them with short inputs.
let small: TextEntityLimits = {
    var limits = TextEntityLimits()
    limits.maximumHashtags = 3
    limits.maximumMentions = 2
    limits.maximumHashtagLength = 12
    limits.maximumUsernameLength = 8
    return limits
}()

/// Parses the input as a caption and checks what SocialModel relies on: each entity once, within
/// the limits, taken from the text, keyed by the one rule, and found again in a text made of the
/// entities alone (what a client links is what the store indexed).
func fuzzText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    for limits in [TextEntityLimits(), small] {
        let found = TextEntities.parse(text, limits: limits)
        guard found == TextEntities.parse(text, limits: limits) else { fatalError("two parses differ: \(text)") }
        guard found.hashtags.count <= limits.maximumHashtags, found.mentions.count <= limits.maximumMentions,
            found.hasMoreHashtags ? found.hashtags.count == limits.maximumHashtags : true,
            found.hasMoreMentions ? found.mentions.count == limits.maximumMentions : true
        else { fatalError("over the limits: \(found)") }
        guard Set(found.hashtags.map(\.key)).count == found.hashtags.count,
            Set(found.mentions.map(\.key)).count == found.mentions.count
        else { fatalError("an entity twice: \(found)") }
        for tag in found.hashtags {
            guard !tag.text.isEmpty, tag.text.count <= limits.maximumHashtagLength, text.contains(tag.text),
                tag.key == TextEntities.hashtagKey(tag.text), !tag.key.isEmpty,
                tag.key.count <= limits.maximumHashtagLength
            else { fatalError("hashtag \(tag) of \(text)") }
        }
        for mention in found.mentions {
            guard !mention.username.isEmpty, mention.username.count <= limits.maximumUsernameLength,
                mention.username.unicodeScalars.allSatisfy({ $0.isASCII }),
                mention.key == TextEntities.usernameKey(mention.username)
            else { fatalError("mention \(mention) of \(text)") }
        }
        let alone = (found.hashtags.map { "#" + $0.text } + found.mentions.map { "@" + $0.username })
            .joined(separator: " ")
        let again = TextEntities.parse(alone, limits: limits)
        guard again.hashtags == found.hashtags, again.mentions == found.mentions else {
            fatalError("\(alone) gave \(again), not \(found)")
        }
    }
    return 0
}

exit(FuzzDriver.run(fuzzText))
