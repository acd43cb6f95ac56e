import ExampleSupport
// The demo the README runs: every bundled sample through the built-in looks, written as
// before/after pictures and one contact sheet.
//
//     swift run film-demo [OUTPUT-FOLDER]
import FilmKit
import Foundation
import Imaging

let usage = """
    usage: film-demo [OUTPUT-FOLDER]

    Runs every bundled sample photo through the built-in looks and writes, into OUTPUT-FOLDER
    (default: out/demo, created when missing), each look as a JPEG, a before/after picture per
    photo, one contact sheet, and two sheets of every film stock.

    options:
      -h, --help   Show this help and exit.
    """
let arguments = positionalArguments(
    Array(CommandLine.arguments.dropFirst()), program: "film-demo", usage: usage, maximum: 1)

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")
let output = URL(fileURLWithPath: arguments.first ?? "out/demo")
let looks = ["vintage", "black-and-white"]

do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let photos = try FileManager.default.contentsOfDirectory(at: samples, includingPropertiesForKeys: nil)
        .filter { ["jpg", "png"].contains($0.pathExtension.lowercased()) }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    var sheet: [ContactSheet.Cell] = []
    for photo in photos {
        let name = photo.deletingPathExtension().lastPathComponent
        let original = try Image(contentsOf: photo)
        var row = [ContactSheet.Cell(label: "\(name) — original", image: original)]
        for look in looks {
            let filtered = try FilterRegistry.shared.makeFilter(look).apply(to: original, seed: 1)
            try filtered.write(to: output.appendingPathComponent("\(name)-\(look).jpg"))
            row.append(ContactSheet.Cell(label: "\(name) — \(look)", image: filtered))
        }
        let beforeAfter = try ContactSheet(columns: row.count, cellWidth: 640, cellHeight: 440).render(row)
        try beforeAfter.write(to: output.appendingPathComponent("\(name)-before-after.png"))
        sheet += row
        print("\(name): \(looks.map { "\(name)-\($0).jpg" }.joined(separator: ", ")), \(name)-before-after.png")
    }
    let contactSheet = output.appendingPathComponent("contact-sheet.png")
    try ContactSheet(columns: looks.count + 1, cellWidth: 420, cellHeight: 300).render(sheet).write(to: contactSheet)
    print("contact sheet: \(contactSheet.path)")

    // One photo through every registered film stock.
    for sample in ["coffee.png", "rocket.jpg"] {
        let photo = try Image(contentsOf: samples.appendingPathComponent(sample))
        let stocks = output.appendingPathComponent("stocks-\(sample.split(separator: ".")[0]).png")
        try ContactSheet.everyStock(of: photo, registry: .shared).write(to: stocks)
        print("every stock: \(stocks.path)")
    }
} catch {
    FileHandle.standardError.write(Data("film-demo: \(error)\n".utf8))
    exit(1)
}
