import CFilmKernels
import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// Hostile `.cube` files and tables (issue 15, case 1): each is refused with a typed, one-line
/// `LUTError` through the public `registerLUT(contentsOf:)`, never a crash.
@Suite("Lookup tables: hostile input")
struct LUTHostileInputTests {
    /// A cube file's text: a 2³ identity with extra header lines.
    static func cube(_ header: String, size: Int = 2, dimensions: String = "3D") -> String {
        let entries =
            size == 2 && dimensions == "3D"
            ? "0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n" : "0 0 0\n1 1 1\n"
        return "TITLE \"hostile\"\nLUT_\(dimensions)_SIZE \(size)\n\(header)\n\(entries)"
    }

    /// Registers `text` as a `.cube` file and returns the error.
    func registrationError(_ text: String) throws -> LUTError? {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("hostile.cube")
        try Data(text.utf8).write(to: url)
        let registry = FilterRegistry(includingBuiltIns: false)
        do {
            try registry.registerLUT(contentsOf: url)
        } catch let error as LUTError {
            #expect(!error.description.contains("\n"))
            #expect(registry.names(in: .lut).isEmpty)
            return error
        }
        Issue.record("the table was accepted")
        return nil
    }

    @Test(arguments: [
        "DOMAIN_MAX 1e-46 1e-46 1e-46",  // a positive Double, 0 in Float: the span vanishes
        "DOMAIN_MIN 0 0 1e-46\nDOMAIN_MAX 1 1 2e-46",
        "DOMAIN_MIN -1e39 -1e39 -1e39\nDOMAIN_MAX 1e39 1e39 1e39",  // finite in Double, not in Float
        "DOMAIN_MIN -3e38 -3e38 -3e38\nDOMAIN_MAX 3e38 3e38 3e38",  // finite bounds, infinite span
        "LUT_3D_INPUT_RANGE -inf inf",
        "LUT_3D_INPUT_RANGE nan 1",
        "DOMAIN_MAX 1 1 0",
    ])
    func aDegenerateOrNonFinite3DDomainIsRefused(header: String) throws {
        let error = try registrationError(Self.cube(header))
        #expect(error != nil)
    }

    @Test func aNonFinite1DInputRangeIsRefused() throws {
        let error = try registrationError(Self.cube("LUT_1D_INPUT_RANGE -inf inf", dimensions: "1D"))
        #expect(error == .malformedLine(line: 3, text: "LUT_1D_INPUT_RANGE -inf inf", reason: .notANumber("-inf")))
    }

    @Test func entriesOutsideSinglePrecisionAreRefused() throws {
        let text = "LUT_1D_SIZE 2\n0 0 0\n1e39 1 1\n"
        #expect(
            throws: LUTError.malformedLine(
                line: 3, text: "1e39 1 1", reason: .outsideSinglePrecision("1e39"))
        ) {
            try ColorLookupTable(cube: text)
        }
        #expect(throws: LUTError.invalidEntry(index: 1, reason: .notFinite([1e39, 1, 1]))) {
            try ColorLookupTable(entries: .oneDimensional(size: 2, values: [[0, 0, 0], [1e39, 1, 1]]))
        }
        #expect(throws: LUTError.invalidEntry(index: 0, reason: .wrongNumberCount(expected: 3, found: 2))) {
            try ColorLookupTable(entries: .threeDimensional(size: 2, values: Array(repeating: [0, 0], count: 8)))
        }
        #expect(throws: LUTError.invalidDomain) {
            try ColorLookupTable(
                entries: .oneDimensional(size: 2, values: [[0, 0, 0], [1, 1, 1]]), domainMax: [1, .nan, 1])
        }
    }

    @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // 108 MB, sparse: refused from its size alone.
        let url = folder.file("huge.cube")
        try HostileFiles.sparseFile(at: url, size: 108_000_000)
        #expect(throws: LUTError.tooLarge(byteCount: 108_000_000, limit: ColorLookupTable.maximumCubeFileSize)) {
            try ColorLookupTable(cubeFile: url)
        }
    }

    @Test func limitsAreCheckedAsTheFileStreamsIn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A declared 256³ (as in a 108 MB file) is refused at its line, before any entry is read.
        let declared = folder.file("declared.cube")
        try Data(("LUT_3D_SIZE 256\n" + String(repeating: "0.5 0.5 0.5\n", count: 200_000)).utf8).write(to: declared)
        #expect(throws: LUTError.sizeOutOfRange(256, allowed: 2...65)) { try ColorLookupTable(cubeFile: declared) }
        // Entries past the declared count stop the reading at the first one too many.
        let overlong = folder.file("overlong.cube")
        try Data(("LUT_3D_SIZE 2\n" + String(repeating: "0.5 0.5 0.5\n", count: 200_000)).utf8).write(to: overlong)
        #expect(throws: LUTError.tooManyEntries(expected: 8, line: 10)) { try ColorLookupTable(cubeFile: overlong) }
        // A line without end (no newline in the whole file) is refused at the line limit.
        let endless = folder.file("endless.cube")
        try Data(String(repeating: "7", count: 100_000).utf8).write(to: endless)
        #expect(throws: LUTError.self) { try ColorLookupTable(cubeFile: endless) }
        #expect(throws: LUTError.sizeOutOfRange(70, allowed: 2...65)) { try ColorLookupTable.identity(size: 70) }
    }

    @Test func windowsLineEndingsAreRead() throws {
        let table = try ColorLookupTable(
            cube: Self.cube("DOMAIN_MAX 1 1 1").replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(table.title == "hostile")
    }

    @Test func anIntensityOutsideZeroToOneIsRefused() throws {
        let filter = LookupTableFilter(table: try .identity(size: 2), intensity: .nan)
        #expect(throws: FilterError.self) { try filter.apply(to: TestImages.flat(100, width: 8, height: 8)) }
    }

    @Test func aHaldCLUTOverLevel8IsRefusedBeforeItsPixelsAreRead() throws {
        let level9 = try Image.solid(width: 729, height: 729, value: [0, 0, 0])
        #expect(throws: LUTError.sizeOutOfRange(81, allowed: 2...65)) { try ColorLookupTable(haldCLUT: level9) }
        #expect(throws: LUTError.sizeOutOfRange(9, allowed: 2...8)) { try ColorLookupTable.identityHaldCLUT(level: 9) }
    }

    /// Defence in depth: the film pass refuses a bad 3D table size or domain itself.
    @Test func theKernelChecksItsOwnSizeAndDomain() throws {
        let input = try TestImages.flat(100, width: 8, height: 8)
        let table = [Float](repeating: 0.5, count: 3 * 66 * 66 * 66)
        for (size, low, high): (Int32, [Float], [Float]) in [
            (2, [0, 0, 0], [0, 0, 0]), (2, [0, 0, 0], [.nan, 1, 1]), (2, [-.infinity, 0, 0], [1, 1, 1]),
            (1, [0, 0, 0], [1, 1, 1]), (66, [0, 0, 0], [1, 1, 1]),
        ] {
            #expect(throws: ImagingError.self) {
                try Image.make("film", keepingAlive: [input]) { out in
                    table.withUnsafeBufferPointer { entries in
                        var params = AkvFilmParams()
                        params.lut_table = entries.baseAddress
                        params.lut_size = size
                        params.lut_domain_min = (low[0], low[1], low[2])
                        params.lut_domain_max = (high[0], high[1], high[2])
                        params.lut_mix = 1
                        return akv_film(input.pointer, out, &params)
                    }
                }
            }
        }
    }
}
