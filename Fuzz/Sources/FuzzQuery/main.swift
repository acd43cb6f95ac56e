import Foundation
import FuzzDriver
@_spi(Fuzzing) import SocialModelHTTPParsing

/// What survives form encoding unescaped: letters and digits (so `+`, `&`, `=`, `%` are escaped).
let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

/// Form-decodes the input as a query; what decodes must encode back to the same parameters.
func fuzzQuery(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let query = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let parameters = try? FormQuery.parameters(query) else { return 0 }
    let pieces = query.split(separator: "&").count
    guard parameters.count == pieces else { fatalError("\(pieces) pieces gave \(parameters.count) parameters") }
    let encoded = parameters.map { parameter in
        let name = parameter.name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        let value = parameter.value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "\(name)=\(value)"
    }
    let again: [(name: String, value: String)]
    do {
        again = try FormQuery.parameters(encoded.joined(separator: "&"))
    } catch {
        fatalError("the encoded parameters do not decode: \(error)")
    }
    guard again.map(\.name) == parameters.map(\.name), again.map(\.value) == parameters.map(\.value) else {
        fatalError("a round trip changed \(parameters) into \(again)")
    }
    return 0
}

exit(FuzzDriver.run(fuzzQuery))
