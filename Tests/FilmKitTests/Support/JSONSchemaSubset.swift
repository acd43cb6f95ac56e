import Foundation

/// A JSON Schema (draft 2020-12) validator for the keywords the film-stock schema uses: `type`,
/// `properties`, `required`, `additionalProperties` (a boolean), `minimum`, `maximum`, `enum`,
/// `items`, `minItems`, `maxItems`, `minLength`, `oneOf` and local `$ref`s into `$defs`.
///
/// No JSON Schema package resolves on this project's machines, and the subset is small. A schema
/// using any other keyword is refused (``Failure/unsupportedKeyword``) rather than half-checked.
struct JSONSchemaSubset {
    enum Failure: Error, Equatable {
        case unsupportedKeyword(String, at: String)
        case badSchema(String)
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    private static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "minimum", "maximum", "enum", "items", "minItems",
        "maxItems", "minLength", "oneOf", "$ref",
    ]

    let root: [String: Any]

    init(data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure.badSchema("the schema is not an object")
        }
        self.root = root
        try Self.checkKeywords(root, at: "#")
    }

    /// Every keyword of every subschema is one this validator knows.
    private static func checkKeywords(_ schema: [String: Any], at path: String) throws {
        for key in schema.keys where !annotations.contains(key) && !keywords.contains(key) {
            throw Failure.unsupportedKeyword(key, at: path)
        }
        for (name, sub) in schema["properties"] as? [String: Any] ?? [:] {
            try checkKeywords(sub as? [String: Any] ?? [:], at: "\(path)/properties/\(name)")
        }
        for (name, sub) in schema["$defs"] as? [String: Any] ?? [:] {
            try checkKeywords(sub as? [String: Any] ?? [:], at: "\(path)/$defs/\(name)")
        }
        if let items = schema["items"] as? [String: Any] { try checkKeywords(items, at: "\(path)/items") }
        for (index, sub) in (schema["oneOf"] as? [Any] ?? []).enumerated() {
            try checkKeywords(sub as? [String: Any] ?? [:], at: "\(path)/oneOf/\(index)")
        }
    }

    /// The problems of `instance` (parsed by JSONSerialization), each naming where it is; empty when valid.
    func errors(in instance: Any) throws -> [String] {
        var errors: [String] = []
        try validate(instance, against: root, at: "$", into: &errors)
        return errors
    }

    private func resolve(_ schema: [String: Any]) throws -> [String: Any] {
        guard let reference = schema["$ref"] as? String else { return schema }
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), let defs = root["$defs"] as? [String: Any],
            let target = defs[String(reference.dropFirst(prefix.count))] as? [String: Any]
        else { throw Failure.badSchema("unresolvable $ref \(reference)") }
        // Keywords beside the $ref (a description) are annotations; the target's apply.
        return target
    }

    private func validate(
        _ instance: Any, against unresolved: [String: Any], at path: String, into errors: inout [String]
    )
        throws
    {
        let schema = try resolve(unresolved)
        if let types = schema["type"] {
            let names = (types as? [String]) ?? [(types as? String) ?? ""]
            guard names.contains(where: { Self.has(instance, type: $0) }) else {
                errors.append(
                    "\(path): expected \(names.joined(separator: " or ")), got \(Self.typeName(of: instance))")
                return
            }
        }
        if let allowed = schema["enum"] as? [Any] {
            if !allowed.contains(where: { Self.equal($0, instance) }) {
                errors.append("\(path): \(instance) is not one of \(allowed)")
            }
        }
        if let number = Self.number(instance) {
            if let minimum = schema["minimum"].flatMap(Self.number), number < minimum {
                errors.append("\(path): \(number) is below the minimum \(minimum)")
            }
            if let maximum = schema["maximum"].flatMap(Self.number), number > maximum {
                errors.append("\(path): \(number) is above the maximum \(maximum)")
            }
        }
        if let string = instance as? String, let minimum = schema["minLength"] as? Int, string.count < minimum {
            errors.append("\(path): shorter than \(minimum) characters")
        }
        if let array = instance as? [Any] {
            if let minimum = schema["minItems"] as? Int, array.count < minimum {
                errors.append("\(path): \(array.count) items, fewer than \(minimum)")
            }
            if let maximum = schema["maxItems"] as? Int, array.count > maximum {
                errors.append("\(path): \(array.count) items, more than \(maximum)")
            }
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() {
                    try validate(item, against: items, at: "\(path)[\(index)]", into: &errors)
                }
            }
        }
        if let object = instance as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                errors.append("\(path): missing required property '\(name)'")
            }
            for (name, value) in object {
                if let sub = properties[name] as? [String: Any] {
                    try validate(value, against: sub, at: "\(path).\(name)", into: &errors)
                } else if schema["additionalProperties"] as? Bool == false {
                    errors.append("\(path): property '\(name)' is not allowed")
                }
            }
        }
        if let choices = schema["oneOf"] as? [[String: Any]] {
            var matching = 0
            for choice in choices {
                var choiceErrors: [String] = []
                try validate(instance, against: choice, at: path, into: &choiceErrors)
                if choiceErrors.isEmpty { matching += 1 }
            }
            if matching != 1 { errors.append("\(path): matches \(matching) of the oneOf choices, not exactly 1") }
        }
    }

    private static func has(_ instance: Any, type: String) -> Bool {
        switch type {
        case "object": instance is [String: Any]
        case "array": instance is [Any]
        case "string": instance is String
        case "null": instance is NSNull
        case "boolean": isBoolean(instance)
        case "number": number(instance) != nil
        case "integer": number(instance).map { $0.rounded() == $0 && $0.isFinite } ?? false
        default: false
        }
    }

    /// JSONSerialization gives `true` and `false` as NSNumbers too; only theirs have the C type
    /// `char` ("c"), on Linux and Darwin alike.
    private static func isBoolean(_ instance: Any) -> Bool {
        guard let number = instance as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func number(_ instance: Any) -> Double? {
        guard !isBoolean(instance), let number = instance as? NSNumber else { return nil }
        return number.doubleValue
    }

    private static func typeName(of instance: Any) -> String {
        ["object", "array", "string", "null", "boolean", "number"].first { has(instance, type: $0) } ?? "unknown"
    }

    private static func equal(_ left: Any, _ right: Any) -> Bool {
        if let left = left as? String, let right = right as? String { return left == right }
        if let left = number(left), let right = number(right) { return left == right }
        return false
    }
}
