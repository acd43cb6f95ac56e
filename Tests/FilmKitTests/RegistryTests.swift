import FilmKit
import Imaging
import TestSupport
import Testing

@Suite("Filter registry")
struct RegistryTests {
    struct Identity: Filter {
        func apply(to image: Image, context: FilterContext) throws -> Image { image }
    }

    func description(_ name: String, category: FilterCategory = .tone) -> FilterDescription {
        FilterDescription(name: name, category: category, summary: "test")
    }

    @Test func builtInsAreRegisteredAndListedByCategory() throws {
        let registry = FilterRegistry()
        for name in [
            "vintage", "black-and-white", "tone-curve", "split-tone", "saturation", "monochrome", "grain",
            "vignette", "light-leak", "softness", "color-cast",
        ] {
            #expect(registry.contains(name), "\(name)")
        }
        #expect(registry.names(in: .look) == ["black-and-white", "vintage"])
        #expect(registry.categories.contains(.texture))
        #expect(registry.names == registry.names.sorted())
    }

    @Test func duplicateNamesAreRefusedUnlessReplacingIsAsked() throws {
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.register(description("mine")) { _ in Identity() }
        #expect(throws: FilterError.duplicateName("mine")) {
            try registry.register(description("mine")) { _ in Identity() }
        }
        // Names are compared without case or accents.
        #expect(throws: FilterError.duplicateName("mine")) {
            try registry.register(description("MÍNE")) { _ in Identity() }
        }
        try registry.register(description("mine", category: .color), replacing: true) { _ in Identity() }
        #expect(try registry.description(of: "mine").category == .color)
    }

    @Test func unknownNamesSuggestCloseMatches() {
        let registry = FilterRegistry()
        #expect(throws: FilterError.unknownFilter(name: "vintge", suggestions: ["vintage"])) {
            try registry.makeFilter("vintge")
        }
        #expect(throws: FilterError.unknownFilter(name: "graim", suggestions: ["grain"])) {
            try registry.description(of: "graim")
        }
        #expect(throws: FilterError.unknownFilter(name: "zzzzzzzz", suggestions: [])) {
            try registry.makeFilter("zzzzzzzz")
        }
        let message = String(describing: FilterError.unknownFilter(name: "vintge", suggestions: ["vintage"]))
        #expect(message == "no filter named 'vintge'; did you mean 'vintage'?")
    }

    @Test func unregisterRemovesAndComplainsAboutUnknownNames() throws {
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.register(description("temporary")) { _ in Identity() }
        try registry.unregister("temporary")
        #expect(!registry.contains("temporary"))
        #expect(throws: FilterError.self) { try registry.unregister("temporary") }
    }

    @Test func invalidNamesAndDescriptionsAreRefused() {
        let registry = FilterRegistry(includingBuiltIns: false)
        for bad in ["", "has space", "slash/name"] {
            #expect(throws: FilterError.invalidName(bad)) {
                try registry.register(description(bad)) { _ in Identity() }
            }
        }
        let twice = FilterDescription(
            name: "twice", category: .tone, summary: "",
            parameters: [.number("a", default: 0, in: 0...1, ""), .number("a", default: 0, in: 0...1, "")])
        #expect(throws: FilterError.self) { try registry.register(twice) { _ in Identity() } }
    }

    @Test func concurrentRegistrationFromManyTasks() async throws {
        let registry = FilterRegistry(includingBuiltIns: false)
        // 200 tasks register distinct names while 50 race for one name: all distinct ones land,
        // exactly one of the racers wins.
        let racersWon = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    (try? registry.register(self.description("filter-\(index)")) { _ in Identity() }) != nil
                }
            }
            for _ in 0..<50 {
                group.addTask {
                    do {
                        try registry.register(self.description("contested")) { _ in Identity() }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            var wins = 0
            for await won in group where won { wins += 1 }
            return wins
        }
        #expect(racersWon == 201)
        #expect(registry.names.count == 201)
        #expect(registry.contains("contested"))
    }

    @Test func aFilterWrittenOutsideTheSDKRegistersAndRuns() throws {
        let registry = FilterRegistry()
        try registry.register(Posterize.self)
        #expect(registry.names(in: "user").contains("posterize"))
        let filter = try registry.makeFilter("posterize", parameters: ["levels": 2])
        let output = try filter.apply(to: Image(contentsOf: Samples.url("coffee.png")))
        let values = Set(try output.cast(to: .uchar).pixels().samples)
        #expect(values == [0, 255])
        // And it chains with the built-ins like any other.
        let chained = try filter.then(registry.makeFilter("vignette"))
        #expect(chained.filters.count == 2)
    }
}

/// What an SDK user writes: a filter from the public Image API, described for the registry.
struct Posterize: ConfigurableFilter {
    let levels: Int

    static let description = FilterDescription(
        name: "posterize", category: "user", summary: "Reduces each channel to a few levels.",
        parameters: [.integer("levels", default: 4, in: 2...64, "levels per channel")])

    init(parameters: FilterParameters) {
        levels = parameters.integer("levels")
    }

    func apply(to image: Image, context: FilterContext) throws -> Image {
        let step = 255 / Double(levels - 1)
        let table = (0..<256).map { (Double($0) / step).rounded() * step }
        return try image.normalizedToSRGB().mapped(through: Image.lookupTable([table]))
    }
}
