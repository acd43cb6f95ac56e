import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Lookup tables")
struct LUTTests {
    let photo: Image

    init() throws {
        photo = try Image(contentsOf: Samples.url("chelsea.png"))
    }

    /// The largest difference, in levels, between two 8-bit images.
    func maximumDifference(_ a: Image, _ b: Image) throws -> Double {
        let difference = try a.cast(to: .float).subtracting(b.cast(to: .float))
        return max(try difference.maximum(), -(try difference.minimum()))
    }

    @Test(arguments: [(33, true), (2, true), (65, true), (256, false), (4096, false)])
    func identityCubeRoundTripsWithinOneLevel(size: Int, threeDimensional: Bool) throws {
        let identity = try ColorLookupTable.identity(size: size, threeDimensional: threeDimensional)
        let parsed = try ColorLookupTable(cube: identity.cubeText)
        let output = try LookupTableFilter(table: parsed).apply(to: photo)
        #expect(try maximumDifference(output, photo) <= 1)
    }

    @Test func identityHaldCLUTRoundTripsWithinOneLevel() throws {
        let hald = try ColorLookupTable.identityHaldCLUT(level: 8)
        #expect(hald.width == 512 && hald.height == 512)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("identity.png")
        try hald.write(to: url)
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.registerLUT(contentsOf: url)
        #expect(registry.names(in: .lut) == ["identity"])
        let output = try registry.makeFilter("identity").apply(to: photo)
        #expect(try maximumDifference(output, photo) <= 1)
    }

    @Test func invertingTableInvertsAndIntensityBlends() throws {
        var values: [[Double]] = []
        for blue in 0..<17 {
            for green in 0..<17 {
                for red in 0..<17 {
                    values.append([1 - Double(red) / 16, 1 - Double(green) / 16, 1 - Double(blue) / 16])
                }
            }
        }
        let table = try ColorLookupTable(entries: .threeDimensional(size: 17, values: values))
        let inverted = try LookupTableFilter(table: table).apply(to: photo)
        let expected = try photo.linear(multiply: -1, add: 255)
        #expect(try maximumDifference(inverted, expected) <= 1)
        let half = try LookupTableFilter(table: table, intensity: 0.5).apply(to: photo).bandMeans()
        #expect(half.allSatisfy { abs($0 - 127.5) < 1 })
    }

    @Test func domainMapsInputIntoTheTable() throws {
        // A 1D table over 0…2 that doubles: input 0…1 covers its first half, so values come out unchanged.
        let cube = "LUT_1D_SIZE 3\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 2 2 2\n0 0 0\n1 1 1\n2 2 2\n"
        let table = try ColorLookupTable(cube: cube)
        let grey = try TestImages.flat(100, width: 8, height: 8)
        #expect(try LookupTableFilter(table: table).apply(to: grey).bandMeans() == [100, 100, 100])
    }

    @Test func malformedCubeFilesNameTheLineOrProblem() {
        #expect(throws: LUTError.malformedLine(line: 3, text: "1 1", reason: .wrongNumberCount(expected: 3, found: 2)))
        {
            try ColorLookupTable(cube: "LUT_1D_SIZE 2\n0 0 0\n1 1\n")
        }
        #expect(throws: LUTError.malformedLine(line: 2, text: "0 zero 0", reason: .notANumber("zero"))) {
            try ColorLookupTable(cube: "LUT_1D_SIZE 2\n0 zero 0\n1 1 1\n")
        }
        #expect(throws: LUTError.missingSize) { try ColorLookupTable(cube: "# only a comment\n") }
        #expect(throws: LUTError.wrongEntryCount(expected: 8, found: 1)) {
            try ColorLookupTable(cube: "LUT_3D_SIZE 2\n0 0 0\n")
        }
        #expect(throws: LUTError.sizeOutOfRange(70, allowed: 2...65)) { try ColorLookupTable(cube: "LUT_3D_SIZE 70\n") }
        #expect(throws: LUTError.malformedLine(line: 1, text: "LUT_4D_SIZE 2", reason: .unknownKeyword("LUT_4D_SIZE")))
        {
            try ColorLookupTable(cube: "LUT_4D_SIZE 2\n")
        }
        #expect(throws: LUTError.invalidDomain) {
            try ColorLookupTable(cube: "LUT_1D_SIZE 2\nDOMAIN_MIN 1 1 1\nDOMAIN_MAX 0 0 0\n0 0 0\n1 1 1\n")
        }
        #expect(throws: LUTError.self) { try ColorLookupTable(cubeFile: URL(fileURLWithPath: "/nonexistent.cube")) }
        #expect(throws: LUTError.notAHaldCLUT(width: 640, height: 427)) {
            try ColorLookupTable(haldCLUT: Image(contentsOf: Samples.url("rocket.jpg")))
        }
    }

    /// Entry lines are read straight from the bytes when they are plain decimals; every spelling
    /// must still give exactly the number `Double(_:)` gives, whichever way it is read.
    @Test func everySpellingOfANumberReadsAsDoubleReadsIt() throws {
        let spellings = [
            "0", "-0", "+1", ".5", "5.", "0.1", "0.123456", "0.123456789012345", "123456789012345",
            "0.1234567890123456789", "1234567890123456", "0.0000000000000000000001", "0.00000000000000000000001",
            "1e-3", "-2.5E+2", "0x1p-2", "9.999999999999999", "0000000000000000000000000.5",
        ]
        let lines = spellings.map { "\($0) \($0)\t\($0) # \($0)" }
        let table = try ColorLookupTable(cube: "LUT_1D_SIZE \(spellings.count)\n" + lines.joined(separator: "\r\n"))
        let expected = try spellings.map { spelling in try #require(Double(spelling)) }
        guard case .oneDimensional(_, let values) = table.entries else {
            Issue.record("not a 1D table")
            return
        }
        for (value, number) in zip(values, expected) {
            #expect(value.map(\.bitPattern) == Array(repeating: number.bitPattern, count: 3), "\(value) ≠ \(number)")
        }
    }

    /// A file is read in 64 KiB chunks: lines cut at a chunk's end read as whole lines.
    @Test func linesAcrossReadingChunksReadWhole() throws {
        let identity = try ColorLookupTable.identity(size: 33)
        // Comments of every length move the entries across the chunk boundaries.
        var text = "# padding\n"
        for (index, line) in identity.cubeText.split(separator: "\n").enumerated() {
            text += line + (index % 7 == 0 ? " #" + String(repeating: "x", count: index % 61) : "") + "\n"
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("padded.cube")
        try Data(text.utf8).write(to: url)
        #expect(try ColorLookupTable(cubeFile: url) == identity)
        #expect(try ColorLookupTable(cube: text) == identity)
        #expect(try ColorLookupTable(entries: identity.entries) == identity)
    }
}
