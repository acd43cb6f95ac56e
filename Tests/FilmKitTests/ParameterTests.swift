import FilmKit
import Testing

@Suite("Parameters")
struct ParameterTests {
    let registry = FilterRegistry()

    @Test func everyBuiltInDescribesItsParameters() throws {
        for description in registry.descriptions {
            for parameter in description.parameters {
                #expect(!parameter.summary.isEmpty, "\(description.name).\(parameter.name)")
                #expect(parameter.minimum <= parameter.defaultValue && parameter.defaultValue <= parameter.maximum)
            }
        }
        let grain = try registry.description(of: "grain")
        #expect(grain.parameters.map(\.name) == ["amount", "size", "chroma"])
        #expect(grain.parameters[0].kind == .number && grain.parameters[0].maximum == 1)
    }

    @Test func outOfRangeValuesAreRejectedWithTheRange() {
        #expect(
            throws: FilterError.parameterOutOfRange(
                filter: "grain", parameter: "amount", value: 1.5, minimum: 0, maximum: 1)
        ) {
            try registry.makeFilter("grain", parameters: ["amount": 1.5])
        }
        #expect(throws: FilterError.self) { try registry.makeFilter("vignette", parameters: ["amount": -0.1]) }
        #expect(throws: FilterError.self) { try registry.makeFilter("vignette", parameters: ["amount": .nan]) }
        #expect(throws: FilterError.self) { try registry.makeFilter("vignette", parameters: ["amount": .infinity]) }
    }

    @Test func unknownParametersSuggestTheRightName() {
        #expect(throws: FilterError.unknownParameter(filter: "grain", parameter: "amont", suggestions: ["amount"])) {
            try registry.makeFilter("grain", parameters: ["amont": 0.5])
        }
    }

    @Test func wholeNumbersAndSwitchesAreChecked() throws {
        #expect(
            throws: FilterError.invalidParameterValue(
                filter: "light-leak", parameter: "count", value: "2.5", expected: "integer")
        ) {
            try registry.makeFilter("light-leak", parameters: ["count": 2.5])
        }
        #expect(throws: Never.self) { try registry.makeFilter("light-leak", textParameters: ["count": "3"]) }
        #expect(throws: FilterError.self) { try registry.makeFilter("grain", textParameters: ["amount": "lots"]) }
    }

    @Test func defaultsFillWhatIsNotGiven() throws {
        let parameters = try FilterParameters(
            validating: ["a": 0.25],
            against: [.number("a", default: 0.5, in: 0...1, "a"), .boolean("b", default: true, "b")], filter: "test")
        #expect(parameters["a"] == 0.25)
        #expect(parameters.boolean("b"))
    }

    @Test func monochromeRefusesWeightsThatSumToZero() {
        #expect(throws: FilterError.self) {
            try registry.makeFilter("monochrome", parameters: ["red": 1, "green": -1, "blue": 0])
        }
    }
}
