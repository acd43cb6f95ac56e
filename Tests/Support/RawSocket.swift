import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to a server on loopback, with a receive timeout so no test waits
/// long: for bytes no HTTP client would send (malformed framing, slow heads, handshakes).
public final class RawSocket: @unchecked Sendable {
    /// Why the connection could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    private let socket: Int32

    /// Connects to `127.0.0.1:port`.
    /// - Parameters:
    ///   - port: the server's port.
    ///   - timeout: how long one read waits for bytes.
    /// - Throws: ``Failure`` when nothing accepts the connection.
    public init(port: Int, timeout: Duration = .seconds(20)) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to port \(port): errno \(errno)")
        }
        var time = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Sends `bytes`, stopping quietly when the server has closed.
    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// What is received until it ends with `suffix`, the server closes, or the timeout passes.
    public func read(until suffix: String) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).hasSuffix(suffix) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Everything received until the server closes (`closed`) or the timeout passes.
    public func readToEnd() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: received, as: UTF8.self), errno == ECONNRESET) }
            received += buffer[..<count]
        }
    }
}
