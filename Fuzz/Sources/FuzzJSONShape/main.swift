import Foundation
import FuzzDriver
@_spi(Fuzzing) import SocialModelHTTPParsing

/// Small bounds, so the fuzzer reaches every one of them.
let limits = {
    var limits = JSONShapeLimits()
    limits.depth = 4
    limits.entries = 8
    limits.values = 40
    limits.stringBytes = 24
    limits.tokenBytes = 8
    limits.largeStringKeys = ["photo"]
    return limits
}()

/// Scans the input whole and in two chunks (the answer must not depend on where a chunk ends);
/// JSON the scanner let through must be within the bounds when a real parser reads it.
func fuzzJSONShape(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let whole = scan([bytes[...]])
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % bytes.count
    guard scan([bytes[..<split], bytes[split...]]) == whole else {
        fatalError("the answer depends on the chunk ending at \(split)")
    }
    guard whole == nil, let json = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    else { return 0 }
    var values = 0
    check(json, depth: 0, largeString: false, values: &values)
    guard values <= limits.values else { fatalError("\(values) values passed the bound of \(limits.values)") }
    return 0
}

func scan(_ chunks: [ArraySlice<UInt8>]) -> JSONShapeExceeded? {
    var scanner = JSONShapeScanner(limits: limits)
    do {
        for chunk in chunks { try scanner.feed(chunk) }
        return nil
    } catch {
        return error
    }
}

/// Fails when `value`, `depth` containers deep, is over a bound the scanner let through.
func check(_ value: Any, depth: Int, largeString: Bool, values: inout Int) {
    values += 1
    switch value {
    case let array as [Any]:
        guard depth < limits.depth, array.count <= limits.entries else { fatalError("an array over the bounds passed") }
        for element in array { check(element, depth: depth + 1, largeString: false, values: &values) }
    case let object as [String: Any]:
        guard depth < limits.depth, object.count <= limits.entries else {
            fatalError("an object over the bounds passed")
        }
        for (key, member) in object {
            check(member, depth: depth + 1, largeString: limits.largeStringKeys.contains(key), values: &values)
        }
    case let string as String:
        // Bytes as sent count escapes as written, so the decoded text is never longer.
        guard largeString || string.utf8.count <= limits.stringBytes else { fatalError("a long string passed") }
    default:
        break
    }
}

exit(FuzzDriver.run(fuzzJSONShape))
