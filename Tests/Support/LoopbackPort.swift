import Foundation

/// Free ports on loopback, for servers a test starts (other test runs share the machine).
public enum LoopbackPort {
    /// A port on 127.0.0.1 that nothing listens on, as the kernel picks it (bound, read, released).
    /// - Parameter udp: a UDP port rather than TCP.
    /// - Returns: the port.
    public static func free(udp: Bool = false) -> Int {
        let descriptor = socket(AF_INET, Int32(udp ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                _ = bind(descriptor, generic, length)
                _ = getsockname(descriptor, generic, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
