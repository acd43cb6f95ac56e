import Foundation
import TestSupport
import Testing

/// The `filmkit` tool as a user meets it: bad input exits non-zero with one line, never a crash.
@Suite("filmkit command line")
struct CommandLineTests {
    let tool = ChildProcess.product("filmkit")

    func expectOneLineFailure(_ arguments: [String], mentioning text: String) async throws {
        let result = try await ChildProcess.run(tool, arguments)
        #expect(result.status != 0)
        #expect(!result.killedBySignal)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.error)")
        #expect(result.error.contains(text), "stderr: \(result.error)")
        #expect(!result.error.contains("Fatal error"))
    }

    @Test func truncatedAndNonImageFilesFailWithOneLine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let truncated = folder.file("truncated.jpg")
        let whole = try Samples.data("rocket.jpg")
        try whole.prefix(whole.count / 3).write(to: truncated)
        let text = folder.file("text.jpg")
        try Data("hello".utf8).write(to: text)

        try await expectOneLineFailure(
            ["apply", "--filter", "vintage", truncated.path, folder.file("a.jpg").path], mentioning: "Premature end")
        try await expectOneLineFailure(
            ["apply", "--filter", "vintage", text.path, folder.file("b.jpg").path], mentioning: "not a supported image")
        try await expectOneLineFailure(
            ["apply", "--filter", "vintage", folder.file("missing.jpg").path, folder.file("c.jpg").path],
            mentioning: "no such file")
        #expect(!FileManager.default.fileExists(atPath: folder.file("a.jpg").path), "no partial output")
    }

    @Test func unknownFiltersAndParametersFailWithSuggestions() async throws {
        let input = Samples.url("chelsea.png").path
        try await expectOneLineFailure(
            ["apply", "--filter", "vintge", input, "/tmp/x.jpg"], mentioning: "did you mean 'vintage'")
        try await expectOneLineFailure(
            ["apply", "--filter", "grain", "--param", "amount=7", input, "/tmp/x.jpg"], mentioning: "out of range")
        // Malformed arguments get ArgumentParser's usage hint after the one-line error.
        let malformed = try await ChildProcess.run(
            tool, ["apply", "--filter", "grain", "--param", "amount", input, "/tmp/x.jpg"])
        #expect(malformed.status != 0 && !malformed.killedBySignal)
        #expect(malformed.error.split(separator: "\n").first?.contains("--param takes key=value") == true)
    }

    @Test func listsFiltersAndAppliesOne() async throws {
        let list = try await ChildProcess.run(tool, ["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("vintage"))
        #expect(list.output.contains("amount=0.3"))

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("out.jpg")
        let applied = try await ChildProcess.run(
            tool,
            [
                "apply", "--filter", "vintage", "--param", "grain=0.6", "--seed", "4", Samples.url("coffee.png").path,
                output.path,
            ])
        #expect(applied.status == 0, "\(applied.error)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}
