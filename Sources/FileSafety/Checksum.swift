internal import CGLib
import Foundation

/// Content checksums, through GLib (which libvips loads anyway): they let a kit notice a file
/// changed or damaged on disk before handing it on.
package enum Checksum {
    /// The SHA-256 of `data`, as 64 lowercase hexadecimal digits.
    package static func sha256(_ data: Data) -> String {
        // GLib wants a non-null pointer even for no bytes.
        let bytes = data.isEmpty ? Data([0]) : data
        let digest = bytes.withUnsafeBytes { buffer in
            g_compute_checksum_for_data(
                G_CHECKSUM_SHA256, buffer.bindMemory(to: guchar.self).baseAddress, gsize(data.count))
        }
        guard let digest else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
