import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SocialModelMocks
import Testing

@testable import SocialModelHTTP

/// multipart-kit 4.7.1 stops the process on a part header name byte of 0x80 or above (an index
/// past its 128-entry table); the found input was 27 bytes from the `multipart` fuzz target.
@Suite("Multipart header names the parser cannot read")
struct MultipartHeaderNameTests {
    static let boundary = "B"

    @Test("a header name byte of 0x80 or above is a 400 and the server keeps answering")
    func highByteInAHeaderNameIsRefused() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let types: HTTPFields = [.contentType: "multipart/form-data; boundary=\(Self.boundary)"]
            for body in [
                Data("--B\r\n".utf8) + Data([0x80]) + Data(": x\r\n\r\nv\r\n--B--\r\n".utf8),
                Data("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--B\r\nX".utf8)
                    + Data([0xC3, 0xA9]) + Data(": y\r\n\r\n".utf8),
            ] {
                let response = try await client.call(.post, "/posts", as: ada, body: body, headers: types)
                #expect(response.status == .badRequest && response.apiError?.code == "malformed-body")
            }
            #expect(try await client.call(.get, "/me", as: ada).status == .ok)
        }
    }

    @Test("UTF-8 in a header value (a browser's file name) and in a part body still reads")
    func highBytesOutsideHeaderNamesAreKept() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 40, height: 30)
            var body = Data(
                "--\(MultipartUploadTests.boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nčaj\r\n"
                    .utf8)
            body += Data(
                "--\(MultipartUploadTests.boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"fotka-č.jpg\"\r\n\r\n"
                    .utf8)
            body += photo + Data("\r\n--\(MultipartUploadTests.boundary)--\r\n".utf8)
            let response = try await client.call(
                .post, "/posts", as: ada, body: body, headers: MultipartUploadTests.formType)
            #expect(response.status == .created)
        }
    }

    @Test("the guard follows the parser across chunk edges, every split of the found input")
    func everySplitIsRefused() {
        let input = Array("--B\r\n".utf8) + [0x80] + Array(": x\r\n\r\nv\r\n--B--\r\n".utf8)
        for split in 0...input.count {
            var check = MultipartHeaderNameGuard(boundary: "B")
            let first = check.accepts(ByteBuffer(bytes: input[..<split]))
            let second = first && check.accepts(ByteBuffer(bytes: input[split...]))
            #expect(!second, "split at \(split)")
        }
        // The same bytes inside a value, a body and the preamble are the parser's to read.
        for fine in [
            Array("--B\r\nName: \u{80}é\r\n\r\né\u{80}\r\n--B--\r\n".utf8),
            Array("é preamble\r\n--B\r\nA: b\r\n\r\n\r\n--B--\r\n".utf8),
        ] {
            var check = MultipartHeaderNameGuard(boundary: "B")
            let accepted = check.accepts(ByteBuffer(bytes: fine))
            #expect(accepted)
        }
    }
}
