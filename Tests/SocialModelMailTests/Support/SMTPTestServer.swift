import Foundation
import TestSupport
import Testing

/// aiosmtpd on loopback, started by a test (`Servers/smtp_server.py` under Debian's python3), with a
/// self-signed certificate for 127.0.0.1 made by openssl for each server. Messages it accepts are
/// read back as ``DeliveredMail``: the envelope, and the message as Python's email package parses it.
final class SMTPTestServer: @unchecked Sendable {
    enum TLS: String {
        case none, starttls, implicit
    }

    /// What the server does besides accepting mail (see the script's --behaviour).
    enum Behaviour: String {
        case accept
        case rejectRecipient = "reject-rcpt"
        case deferRecipient = "tempfail-rcpt"
        case deferData = "tempfail-data"
        case deferFirstData = "tempfail-data-once"
        case hangAtData = "hang-data"
        case dropAfterMail = "drop-after-mail"
        case hang
    }

    static let python = "/usr/bin/python3"
    // Resolved, since SocialModelIdentityTests compiles this file through a symbolic link.
    static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Servers/smtp_server.py")

    let port: Int
    let directory: TemporaryDirectory
    /// The server's certificate (PEM), for clients to trust.
    let certificate: URL
    private let process: Process

    private init(port: Int, directory: TemporaryDirectory, certificate: URL, process: Process) {
        self.port = port
        self.directory = directory
        self.certificate = certificate
        self.process = process
    }

    /// Starts a server; skips the test (or fails it, with `ANALOGKIT_REQUIRE_REAL_SERVERS=1`) when
    /// python3-aiosmtpd or openssl is missing.
    static func start(
        tls: TLS = .none, user: String? = nil, password: String? = nil, pipelining: Bool = false,
        behaviour: Behaviour = .accept, excludeAuth: [String] = [], replies: [[UInt8]?]? = nil
    ) async throws -> SMTPTestServer {
        try await requireTools()
        let directory = try TemporaryDirectory("analogkit-smtp")
        let certificate = directory.file("cert.pem")
        let key = directory.file("key.pem")
        let made = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout", key.path, "-out", certificate.path,
            ])
        guard made.status == 0 else { throw ServerFailure("openssl could not make a certificate: \(made.error)") }
        let maildir = directory.file("mail")
        try FileManager.default.createDirectory(at: maildir, withIntermediateDirectories: true)
        let portFile = directory.file("port")
        var arguments = [
            script.path, "--port-file", portFile.path, "--maildir", maildir.path, "--tls", tls.rawValue,
            "--cert", certificate.path, "--key", key.path, "--behaviour", behaviour.rawValue,
        ]
        if let user, let password { arguments += ["--user", user, "--password", password] }
        if pipelining { arguments.append("--pipelining") }
        for mechanism in excludeAuth { arguments += ["--exclude-auth", mechanism] }
        if let replies {
            let encoded = replies.map { $0.map { Data($0).base64EncodedString() } }
            arguments += ["--script", String(decoding: try JSONEncoder().encode(encoded), as: UTF8.self)]
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let log = directory.file("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        for _ in 0..<200 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                return SMTPTestServer(port: port, directory: directory, certificate: certificate, process: process)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        directory.remove()
        throw ServerFailure("the SMTP test server did not start: \(output)")
    }

    /// The messages the server accepted, in order.
    func messages() throws -> [DeliveredMail] {
        let maildir = directory.file("mail")
        let records = try FileManager.default.contentsOfDirectory(atPath: maildir.path).filter { $0.hasSuffix(".json") }
        return try records.sorted { Int($0.split(separator: ".")[0])! < Int($1.split(separator: ".")[0])! }.map {
            name in
            var mail = try JSONDecoder().decode(
                DeliveredMail.self, from: Data(contentsOf: maildir.appendingPathComponent(name)))
            let raw = maildir.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".eml"))
            mail.raw = Array(try Data(contentsOf: raw))
            return mail
        }
    }

    /// How many times a client reached DATA's end.
    var attempts: Int {
        (try? String(contentsOf: directory.file("mail/attempts"), encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    /// Stops the server and removes its files.
    func stop() {
        // SIGKILL: children of Swift's concurrency threads start with most signals blocked, SIGTERM too.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        directory.remove()
    }

    /// A loopback port nothing listens on: a server's, once it has stopped.
    static func closedPort() async throws -> Int {
        let server = try await start(behaviour: .hang)
        let port = server.port
        server.stop()
        return port
    }

    /// Python with aiosmtpd, and openssl, or a skip.
    private static func requireTools() async throws {
        _ = try RealServerRequirement.executable(python, package: "python3")
        _ = try RealServerRequirement.executable("/usr/bin/openssl", package: "openssl")
        if let problem = await aiosmtpd.value { try RealServerRequirement.unavailable(problem) }
    }

    /// Why aiosmtpd cannot be imported (nil when it can), checked once per run.
    private static let aiosmtpd = Task<String?, Never> {
        let result = try? await ChildProcess.run(URL(fileURLWithPath: python), ["-c", "import aiosmtpd"])
        return result?.status == 0
            ? nil
            : "aiosmtpd is missing (Debian package python3-aiosmtpd; scripts/install-system-packages.sh installs it)"
    }
}

/// A message the test server accepted.
struct DeliveredMail: Decodable {
    struct Parsed: Decodable {
        var subject: String
        var fromName: String
        var fromAddress: String
        var toName: String
        var toAddress: String
        var messageID: String
        var date: String
        var contentType: String
        var parts: [Part]
        var defects: [String]
    }

    struct Part: Decodable {
        var contentType: String
        var charset: String
        var transferEncoding: String
        var content: String
    }

    var mailFrom: String
    var recipients: [String]
    var mailOptions: [String]
    var pipelined: Bool
    var tls: Bool
    var authenticatedAs: String?
    var message: Parsed
    /// The bytes as received (after the transport's dot-stuffing is undone).
    var raw: [UInt8] = []

    enum CodingKeys: String, CodingKey {
        case mailFrom, recipients, mailOptions, pipelined, tls, authenticatedAs, message
    }

    /// The lines of the received message.
    var rawLines: [String] {
        String(decoding: raw, as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// The decoded content of the part of this type.
    func part(_ type: String) -> String? {
        message.parts.first { $0.contentType == type }?.content
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
