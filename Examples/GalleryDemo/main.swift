import ExampleSupport
// Saves the sample photos into two locations (a folder and an album) with GPS, shoots them on a
// FilmKit roll of Kodak Portra 400 and exports the developed roll into a third location, then
// prints each location's thumbnail grid (as a contact sheet written next to the library) and its
// count label in English, Slovak and Czech.
//
//   swift run gallery-demo [output-directory]
//
// The output directory must be new or empty: the demo never deletes or replaces anything. Without
// one, it writes into a new folder under the system's temporary directory.
import FilmKit
import Foundation
import GalleryKit
import Imaging

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")

let usage = """
    usage: gallery-demo [OUTPUT-FOLDER]

    Saves the sample photos into a gallery library, shoots them on a film roll, exports the
    developed roll, and prints each location's thumbnail grid and photo count. Everything is
    written into OUTPUT-FOLDER, which must be new or empty (default: a new folder in the system's
    temporary directory); nothing there is ever deleted or replaced.

    options:
      -h, --help   Show this help and exit.
    """

/// Where the demo writes: the folder given (created when missing) if it is new or empty, or a
/// fresh folder; anything else is refused before a byte is written.
func outputFolder() throws -> URL {
    guard let argument = FileSystemPath.arguments.dropFirst().first else {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        return fresh
    }
    let shown = FileSystemPath.displayed(argument)
    guard !FileSystemPath.hasRawBytes(argument) else {
        throw DemoError("the output folder's name must be valid UTF-8: \(shown)")
    }
    let folder = URL(fileURLWithPath: argument)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
            throw DemoError("\(shown) is a file, not a folder; give a new or empty folder")
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        guard entries.isEmpty else {
            throw DemoError("\(shown) is not empty (\(entries.count) entries); give a new or empty folder")
        }
    } else {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    return folder
}

/// A reason the demo stops, in one line.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let arguments = positionalArguments(
    Array(FileSystemPath.arguments.dropFirst()), program: "gallery-demo", usage: usage, maximum: 1)

do {
    let output = try outputFolder()
    print("writing into \(output.path)")
    let library = try GalleryLibrary(directory: output.appendingPathComponent("Library"))
    let trip = try await library.createLocation(named: "Trip to Bratislava", kind: .folder)
    let family = try await library.createLocation(named: "Family", kind: .album)

    let bratislava = try GPSCoordinate(latitude: 48.1486, longitude: 17.1077, altitude: 140)
    let praha = try GPSCoordinate(latitude: 50.0755, longitude: 14.4378, altitude: 235)
    let names = try FileManager.default.contentsOfDirectory(atPath: samples.path)
        .filter { ["jpg", "png"].contains(($0 as NSString).pathExtension) }.sorted()
    for (index, name) in names.enumerated() {
        let bytes = try Data(contentsOf: samples.appendingPathComponent(name))
        let inTrip = index % 2 == 0
        let metadata = PhotoMetadata(
            captureDate: Date(timeIntervalSince1970: 1_717_243_200 + Double(index) * 3600),
            gps: inTrip ? bratislava : praha, make: "AnalogKit", model: "GalleryDemo",
            description: "\(name) on Kodak Gold 200")
        let photo = try await library.save(.encoded(bytes), to: inTrip ? trip.id : family.id, metadata: metadata)
        print("saved \(name) → \(photo.url.lastPathComponent)")
    }

    // The same photos shot on film: developed with their EXIF, then exported into an album.
    let camera = try Camera(store: FileRollStore(folder: output.appendingPathComponent("Rolls")), registry: .shared)
    try await camera.load("Léto", stock: "kodak-portra-400", size: .twelve)
    for (index, name) in names.enumerated() {
        let bytes = try Data(contentsOf: samples.appendingPathComponent(name))
        let shot = ShotMetadata(
            captureDate: Date(timeIntervalSince1970: 1_717_250_400 + Double(index) * 600),
            location: GeoLocation(latitude: bratislava.latitude, longitude: bratislava.longitude),
            timeZone: TimeZone(identifier: "Europe/Bratislava"))
        try await camera.shoot(encoded: bytes, on: "Léto", metadata: shot)
    }
    try await camera.finishEarly("Léto")
    try await camera.develop("Léto") { _ in }
    let film = try await library.createLocation(named: "Léto on film", kind: .album)
    let exported = try await camera.export("Léto", to: LocationExportDestination(library: library, locationID: film.id))
    print("exported \(exported.count) developed photos: \(exported.first?.imageDescription ?? "")…")

    for location in try await library.locations() {
        let photos = try await library.allPhotos(in: location.id)
        let sheet = try await library.contactSheet(of: location.id, columns: 3, cellSize: 128)
        let sheetURL = output.appendingPathComponent("\(location.name).jpg")
        try sheet.write(to: sheetURL)
        print("\n\(location.name) (\(location.kind.rawValue))")
        for language in CountLanguage.allCases {
            print("  \(language.rawValue): \(PhotoCountLabel.text(for: photos.count, language: language))")
        }
        // The grid, newest first, three to a row, as the gallery shows it.
        for row in stride(from: 0, to: photos.count, by: 3) {
            let cells = photos[row..<min(row + 3, photos.count)].map { photo in
                "[\(photo.url.lastPathComponent.prefix(19)) \(photo.width)×\(photo.height)]"
            }
            print("  " + cells.joined(separator: " "))
        }
        print("  contact sheet \(sheet.width)×\(sheet.height): \(sheetURL.path)")
        var pager = try PhotoPager(photos: photos)
        pager.previous()
        print("  pager: back from the first wraps to \(pager.positionLabel())")
    }
    let nearby = try await library.search(PhotoQuery(near: GeoCircle(center: bratislava, radius: 5_000)))
    print("\nwithin 5 km of Bratislava: \(PhotoCountLabel.text(for: nearby.count, language: .slovak))")
} catch {
    FileHandle.standardError.write(Data("gallery-demo: \(error)\n".utf8))
    exit(1)
}
