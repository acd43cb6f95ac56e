import FilmKit
import Foundation
import Testing

/// `Schemas/film-stock.schema.json` describes the stock files FilmKit reads: every built-in stock
/// validates, and hostile stocks the decoder refuses are refused by the schema too, wherever a
/// schema can say why.
@Suite("The film-stock JSON Schema")
struct FilmStockSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func schema() throws -> JSONSchemaSubset {
        try JSONSchemaSubset(
            data: Data(contentsOf: repository.appendingPathComponent("Schemas/film-stock.schema.json")))
    }

    /// A built-in stock's file, as JSON objects, edited.
    static func stock(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> [String: Any] {
        let file = repository.appendingPathComponent("Sources/FilmKit/Resources/Stocks/kodak-portra-400.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        edit(&object)
        return object
    }

    @Test("every built-in stock file validates against the schema")
    func builtInStocksValidate() throws {
        let schema = try Self.schema()
        let folder = Self.repository.appendingPathComponent("Sources/FilmKit/Resources/Stocks")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count == FilmStock.builtIn.count)
        for file in files {
            let instance = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            #expect(try schema.errors(in: instance) == [], "\(file.lastPathComponent)")
        }
    }

    @Test("every field of the schema has a type and a description, and the model's fields are all in it")
    func fieldsAreDescribed() throws {
        let root = try Self.schema().root
        var undescribed: [String] = []
        func walk(_ schema: [String: Any], _ path: String) {
            if schema["description"] == nil { undescribed.append(path) }
            if schema["type"] == nil, schema["enum"] == nil, schema["$ref"] == nil {
                undescribed.append("\(path) (type)")
            }
            for (name, sub) in schema["properties"] as? [String: Any] ?? [:] {
                walk(sub as? [String: Any] ?? [:], "\(path).\(name)")
            }
        }
        walk(root, "$")
        for (name, sub) in root["$defs"] as? [String: Any] ?? [:] { walk(sub as? [String: Any] ?? [:], name) }
        #expect(undescribed == [])
        // The model encodes every field it has (optional ones included, when set): each is in the schema.
        var full = FilmStock.builtIn[0]
        full.color.mix = [0.3, 0.59, 0.11]
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(full)) as? [String: Any])
        let properties = try #require(root["properties"] as? [String: Any])
        #expect(Set(encoded.keys) == Set(properties.keys))
        let color = try #require((properties["color"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set((encoded["color"] as? [String: Any] ?? [:]).keys) == Set(color.keys))
    }

    @Test("a hostile stock the decoder refuses is refused by the schema too")
    func hostileStocksAreRefusedByBoth() throws {
        let schema = try Self.schema()
        let hostile: [(String, [String: Any])] = [
            ("missing iso", try Self.stock { $0.removeValue(forKey: "iso") }),
            ("iso as text", try Self.stock { $0["iso"] = "fast" }),
            ("iso as a boolean", try Self.stock { $0["iso"] = true }),
            ("fractional iso", try Self.stock { $0["iso"] = 400.5 }),
            ("iso too high", try Self.stock { $0["iso"] = 1_000_000 }),
            ("unknown type", try Self.stock { $0["type"] = "polaroid" }),
            ("empty id", try Self.stock { $0["id"] = "" }),
            ("grain too high", try Self.stock { $0["grain"] = ["printGrainIndex": 500] }),
            ("both grain figures", try Self.stock { $0["grain"] = ["printGrainIndex": 30, "rmsGranularity": 5] }),
            ("no grain figure", try Self.stock { $0["grain"] = [String: Any]() }),
            ("negative vignette", try Self.stock { $0["vignette"] = -0.5 }),
            ("two cast gains", try Self.stock { Self.edit(&$0, "color") { $0["cast"] = [1, 1] } }),
            ("a huge cast gain", try Self.stock { Self.edit(&$0, "color") { $0["cast"] = [1, 1e308, 1] } }),
            ("saturation as text", try Self.stock { Self.edit(&$0, "color") { $0["saturation"] = "vivid" } }),
            (
                "a tint past 360°",
                try Self.stock { Self.edit(&$0, "color") { $0["shadowTint"] = ["hue": 400, "strength": 0.1] } }
            ),
            ("a halation radius of 0", try Self.stock { Self.edit(&$0, "halation") { $0["radius"] = 0 } }),
            ("a bright halation", try Self.stock { Self.edit(&$0, "halation") { $0["color"] = [1.5, 0.3, 0] } }),
            ("a missing curve", try Self.stock { Self.edit(&$0, "curve") { $0.removeValue(forKey: "blue") } }),
            (
                "contrast 0",
                try Self.stock {
                    Self.edit(&$0, "curve") {
                        $0["red"] = ["black": 0, "white": 1, "contrast": 0, "toe": 0, "shoulder": 0]
                    }
                }
            ),
            ("a stock that is an array", ["not": "a stock"]),
        ]
        for (name, object) in hostile {
            let data = try JSONSerialization.data(withJSONObject: object)
            #expect(throws: FilmStockError.self, "the decoder refuses \(name)") { try FilmStock(json: data) }
            #expect(try !schema.errors(in: object).isEmpty, "the schema refuses \(name)")
        }
        // What only the decoder can check: black below white, one curve for black-and-white film.
        let inverted = try Self.stock {
            Self.edit(&$0, "curve") {
                $0["red"] = ["black": 0.4, "white": 0.6, "contrast": 1, "toe": 0, "shoulder": 0]
            }
            $0["type"] = "black-and-white"
        }
        #expect(try schema.errors(in: inverted) == [])
        #expect(throws: FilmStockError.self) { try FilmStock(json: JSONSerialization.data(withJSONObject: inverted)) }
    }

    @Test("the validator refuses a schema keyword it does not implement")
    func unsupportedKeywordsAreRefused() throws {
        let schema = Data(#"{"type": "object", "properties": {"a": {"type": "string", "pattern": "^x"}}}"#.utf8)
        #expect(throws: JSONSchemaSubset.Failure.unsupportedKeyword("pattern", at: "#/properties/a")) {
            try JSONSchemaSubset(data: schema)
        }
    }

    static func edit(_ object: inout [String: Any], _ key: String, _ change: (inout [String: Any]) -> Void) {
        var inner = object[key] as? [String: Any] ?? [:]
        change(&inner)
        object[key] = inner
    }
}
