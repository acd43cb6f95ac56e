import Foundation

/// What is wrong with a JSON file the module reads (a device mapping, the remembered choices);
/// each file type turns it into its own public error.
enum JSONFileProblem: Error, Hashable {
    /// The bytes are not JSON.
    case malformed(String)
    /// A field is missing, unknown, of the wrong type or out of range; `field` is its path.
    case invalidField(field: String, reason: JSONFieldProblem)
}

/// Decodes `T` from JSON, reporting a problem by the path of the field it is about. Decoders
/// throw ``JSONFileProblem`` themselves for what the type system cannot check.
func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONFileProblem) -> T {
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch let problem as JSONFileProblem {
        throw problem
    } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
        throw .malformed(reason(context))
    } catch let error as DecodingError {
        throw fieldProblem(error)
    } catch {
        throw .malformed((error as NSError).localizedDescription)
    }
}

/// Reads at most `limit` bytes of a file, so that a huge file (or /dev/zero) is refused without
/// being read whole; `nil` when the file is longer.
func readFile(_ url: URL, limit: Int) throws -> Data? {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let data = try handle.read(upToCount: limit + 1) ?? Data()
    return data.count > limit ? nil : data
}

/// A decoding error as the field it is about.
private func fieldProblem(_ error: DecodingError) -> JSONFileProblem {
    switch error {
    case .typeMismatch(let type, let context):
        .invalidField(field: fieldPath(context.codingPath), reason: .wrongKind(expected: valueKind(type)))
    case .valueNotFound(let type, let context):
        .invalidField(field: fieldPath(context.codingPath), reason: .null(expected: valueKind(type)))
    case .keyNotFound(let key, let context):
        .invalidField(field: fieldPath(context.codingPath + [key]), reason: .missing)
    case .dataCorrupted(let context):
        .invalidField(field: fieldPath(context.codingPath), reason: .unreadable(reason(context)))
    @unknown default:
        .malformed(String(describing: error))
    }
}

private func valueKind(_ type: Any.Type) -> JSONFieldProblem.ValueKind {
    switch type {
    case is String.Type: .string
    case is Double.Type, is Int.Type: .number
    case is [Any].Type: .list
    default: .object
    }
}

private func reason(_ context: DecodingError.Context) -> String {
    let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
    return [context.debugDescription, underlying].compactMap { $0 }.joined(separator: ": ")
}

/// `devices[2].zoom.maximum` for a decoder's coding path.
func fieldPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return text.isEmpty ? "(top level)" : text
}

/// Any JSON object key, so that unknown keys can be found and refused.
struct FieldKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int? = nil
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer<FieldKey> {
    /// Refuses keys other than `allowed`, naming the first one (in sorted order, so that the
    /// message is the same every time): a misspelt field is reported rather than ignored.
    func refuseUnknownKeys(allowed: Set<String>) throws(JSONFileProblem) {
        if let unknown = allKeys.map(\.stringValue).filter({ !allowed.contains($0) }).sorted().first {
            throw .invalidField(
                field: fieldPath(codingPath + [FieldKey(unknown)]), reason: .unknownField(allowed: allowed.sorted()))
        }
    }

    /// The path of `key` in this container, for messages.
    func path(_ key: String) -> String {
        fieldPath(codingPath + [FieldKey(key)])
    }

    /// The value at `key`, or `nil` when the key is absent.
    func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try decodeIfPresent(type, forKey: FieldKey(key))
    }

    /// The string at `key` as a raw-value enumeration, or `nil` when the key is absent.
    func optional<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ key: String) throws -> T?
    where T.RawValue == String {
        guard let value = try optional(String.self, key) else { return nil }
        guard let parsed = T(rawValue: value) else {
            throw JSONFileProblem.invalidField(
                field: path(key), reason: .notOneOf(value: value, allowed: T.allCases.map(\.rawValue)))
        }
        return parsed
    }
}
