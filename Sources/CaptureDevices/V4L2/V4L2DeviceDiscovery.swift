#if os(Linux)
    import Foundation
    import Glibc
    import Logging

    /// Finds the cameras of a Linux machine through V4L2: every `videoN` node in the device
    /// folder that captures video, described by what its driver reports (name, formats, sizes,
    /// frame rates, and where the driver has them a mounting position and a zoom control) merged
    /// with a user's ``DeviceMapping`` for what it does not report (the rules are there).
    ///
    /// Only V4L2 character devices are opened (major number 81, checked before and after
    /// opening), read-only in effect: the queries change nothing and start no capture. Each
    /// device's identifier is its udev link name in `v4l/by-id` (stable when the camera moves to
    /// another port), else in `v4l/by-path` (stable on one port), else its node's path.
    public struct V4L2DeviceDiscovery: CaptureDeviceDiscovery {
        /// What one look at the device folder found.
        public struct Scan: Sendable {
            /// A node that was left out, and why.
            public struct Skipped: Sendable, Hashable {
                /// The node's path.
                public let path: String
                /// Why it was left out.
                public let error: CaptureDeviceError
            }

            /// The capture devices, in node order (video0, video1, …).
            public var devices: [CaptureDevice] = []
            /// The nodes that are not capture devices (metadata nodes, say) or could not be read.
            public var skipped: [Skipped] = []
            /// Where the mapping contradicts what a device reports (the report is used).
            public var conflicts: [String] = []
        }

        /// The folder holding the device nodes.
        public let deviceDirectory: URL
        /// What the user says about the devices.
        public let mapping: DeviceMapping
        private let logger: Logger

        /// A discovery over `deviceDirectory`.
        /// - Parameters:
        ///   - deviceDirectory: where the nodes are; `/dev` on a normal system.
        ///   - mapping: what the user says about devices (``DeviceMapping/init(contentsOf:)`` reads a file).
        ///   - logger: where skipped nodes (`debug` for nodes that do not capture, `warning` for
        ///     nodes that could not be read) and mapping conflicts (`warning`) are logged; a no-op
        ///     logger when not given.
        public init(
            deviceDirectory: URL = URL(fileURLWithPath: "/dev"),
            mapping: DeviceMapping = .empty,
            logger: Logger = Logger(label: "AnalogKit.CaptureDevices", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            self.deviceDirectory = deviceDirectory
            self.mapping = mapping
            self.logger = logger
        }

        /// The capture devices present now, in node order; see ``scan()`` for what was left out.
        /// - Returns: the devices; empty on a machine without cameras.
        /// - Throws: ``CaptureDeviceError/unreadableDirectory(path:reason:)`` when the device folder
        ///   cannot be listed.
        public func devices() async throws(CaptureDeviceError) -> [CaptureDevice] {
            try await scan().devices
        }

        /// Looks at every `videoN` node in the device folder.
        /// - Returns: the devices, the nodes left out and why, and the mapping's conflicts.
        /// - Throws: ``CaptureDeviceError/unreadableDirectory(path:reason:)`` when the device folder
        ///   cannot be listed. A missing folder is a machine without devices: an empty scan.
        public func scan() async throws(CaptureDeviceError) -> Scan {
            var scan = Scan()
            for path in try nodePaths() {
                do throws(CaptureDeviceError) {
                    let reported = try report(at: path)
                    scan.conflicts += mapping.conflicts(for: reported)
                    scan.devices.append(try mapping.resolve(reported))
                } catch {
                    scan.skipped.append(Scan.Skipped(path: path, error: error))
                    let level: Logger.Level = if case .notACaptureDevice = error { .debug } else { .warning }
                    logger.log(
                        level: level, "skipped a video node", metadata: ["path": "\(path)", "reason": "\(error)"])
                }
            }
            for conflict in scan.conflicts {
                logger.warning("device mapping conflict", metadata: ["conflict": "\(conflict)"])
            }
            return scan
        }

        /// The device at one node, with the mapping merged in.
        /// - Parameter path: the node, such as "/dev/video0".
        /// - Returns: the device.
        /// - Throws: ``CaptureDeviceError``: `deviceNotFound` when nothing is there,
        ///   `notAVideoDevice` for any other file or device, `notACaptureDevice` for a video node
        ///   that does not capture, `permissionDenied`, or `queryFailed`.
        public func device(at path: String) async throws(CaptureDeviceError) -> CaptureDevice {
            try mapping.resolve(try report(at: path))
        }

        /// What the node at `path` reports, before the mapping is merged in.
        /// - Parameter path: the node.
        /// - Returns: the report.
        /// - Throws: ``CaptureDeviceError`` as ``device(at:)`` does.
        public func report(at path: String) throws(CaptureDeviceError) -> ReportedCaptureDevice {
            try V4L2Report.make(path: path, identifier: stableIdentifier(of: path) ?? path)
        }

        /// The `videoN` nodes in the device folder, by number.
        private func nodePaths() throws(CaptureDeviceError) -> [String] {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: deviceDirectory.path)
            } catch {
                if !FileManager.default.fileExists(atPath: deviceDirectory.path) { return [] }
                throw .unreadableDirectory(
                    path: deviceDirectory.path, reason: (error as NSError).localizedDescription)
            }
            let numbered = names.compactMap { name -> (Int, String)? in
                guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)), number >= 0,
                    name.dropFirst(5).allSatisfy(\.isASCII)
                else { return nil }
                return (number, name)
            }
            return numbered.sorted { $0.0 < $1.0 }.map { deviceDirectory.appendingPathComponent($0.1).path }
        }

        /// The name of the udev link to the same device in `v4l/by-id`, else in `v4l/by-path`.
        private func stableIdentifier(of path: String) -> String? {
            var node = stat()
            guard stat(path, &node) == 0, (node.st_mode & S_IFMT) == S_IFCHR else { return nil }
            for folder in ["v4l/by-id", "v4l/by-path"] {
                let directory = deviceDirectory.appendingPathComponent(folder)
                let links = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                for link in links.sorted() {
                    var target = stat()
                    if stat(directory.appendingPathComponent(link).path, &target) == 0,
                        (target.st_mode & S_IFMT) == S_IFCHR, target.st_rdev == node.st_rdev
                    {
                        return link
                    }
                }
            }
            return nil
        }
    }
#endif
