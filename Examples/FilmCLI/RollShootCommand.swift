import ArgumentParser
import FilmKit
import Foundation
import Imaging

/// `filmkit roll shoot`: expose frames.
struct RollShootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shoot", abstract: "Shoot photos on a roll, one exposure each.",
        discussion: """
            Each image is stored as a latent frame as soon as it is shot; if one fails (a full roll, \
            a file that is not an image), the frames before it stay shot.
            Example: filmkit roll shoot leto a.jpg b.jpg --latitude 50.08 --longitude 14.42 --ev=-1
            """)

    @OptionGroup var options: RollLibraryOptions

    @Option(help: "Latitude of the shots, in degrees north.")
    var latitude: Double?

    @Option(help: "Longitude of the shots, in degrees east.")
    var longitude: Double?

    @Option(help: "Altitude of the shots, in metres.")
    var altitude: Double?

    @Option(
        help:
            "Exposure compensation of the shots, in EV (stops), −5…+5, stored with each frame (a negative one as --ev=-1)."
    )
    var ev: Double?

    @Option(help: "A note on each frame shot by this command (one line, at most 1,000 characters).")
    var note: String?

    @Argument(help: "The roll's name.")
    var name: String

    @Argument(help: "The photos to shoot, in order.")
    var images: [String]

    /// 1 GiB: far above any photo within the decoder's 200-megapixel limit.
    static let largestPhoto = 1 << 30

    func validate() throws {
        guard (latitude == nil) == (longitude == nil) else {
            throw ValidationError("give --latitude and --longitude together")
        }
        guard latitude != nil || altitude == nil else {
            throw ValidationError("--altitude needs --latitude and --longitude")
        }
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
    }

    func run() throws {
        let camera = try options.camera()
        var location: GeoLocation?
        if let latitude, let longitude {
            location = GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude)
        }
        for path in images {
            let data: Data
            do {
                data = try FileSystemPath.read(URL(fileURLWithPath: path), limit: Self.largestPhoto)
            } catch {
                throw RunFailure("cannot read \(FileSystemPath.displayed(path)): \(error.reason)")
            }
            let metadata = ShotMetadata(
                captureDate: Date(), location: location, timeZone: .current, exposureCompensation: ev)
            let roll = try BlockingTask.run { [name, note] in
                try await camera.shoot(encoded: data, on: name, metadata: metadata, note: note)
            }
            print(
                "frame \(roll.shots.count) of \(roll.size.exposures): \(FileSystemPath.displayed(path)) — \(roll.exposuresLeft) left"
            )
        }
    }
}
