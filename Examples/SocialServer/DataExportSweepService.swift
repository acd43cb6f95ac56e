import Foundation
import ServiceLifecycle
import SocialModel

/// Users' data exports beside the HTTP server: the clock's rules (time limits, expiry) applied
/// every minute, so an archive nobody fetches is deleted without waiting for a request; at
/// shutdown every running export is cancelled and every archive deleted, as a restart keeps none,
/// and the folder too when the server made it (no `--exports-folder` given).
struct DataExportSweepService: Service {
    let exports: DataExports
    let ownFolder: URL?

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(60))
                await exports.sweep()
            }
        }
        await exports.stop()
        if let ownFolder { try? FileManager.default.removeItem(at: ownFolder) }
    }
}

extension SocialServer {
    /// A new folder of this process's own for the data exports, in the system's temporary directory.
    static func temporaryExportsFolder() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("social-server-exports-\(ProcessInfo.processInfo.processIdentifier)").path
    }
}
