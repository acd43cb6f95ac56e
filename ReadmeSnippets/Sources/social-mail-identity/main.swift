import AsyncHTTPClient
import Foundation
import Logging
import NIOPosix
import SocialModel
import SocialModelIdentity
import SocialModelMail
import SocialModelSQLite

let logger = Logger(label: "recipes")
let smtp = try SMTPTransport(
    configuration: try SMTPConfiguration(url: "smtps://app:secret@mail.example.com"),
    eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
let composer = MailComposer(
    sender: try MailAddress("noreply@recipes.example", displayName: "Šťastná kuchyňa"),
    appName: "Šťastná kuchyňa", links: MailLinks(baseURL: URL(string: "https://recipes.example/account")!))
let mailer = RetryingMailer(TransportMailer(composer: composer, transport: smtp), logger: logger)

let apple = OpenIDConnectProvider(
    configuration: .apple(clientIDs: ["com.example.film"]), httpClient: HTTPClient.shared, logger: logger)
let facebook = FacebookIdentityProvider(
    configuration: FacebookConfiguration(appID: "1234567890", appSecret: "app-secret"),
    httpClient: HTTPClient.shared, logger: logger)
let accounts = AccountService(
    store: try SQLiteSocialStore(path: "social.sqlite"), mailer: mailer, identityProviders: [apple, facebook])
// The nonce your app put into the sign-in request; the token must carry the same one.
let session = try await accounts.signIn(
    provider: "apple", providerToken: CommandLine.arguments[1], nonce: CommandLine.arguments[2])
print(session.user.username)
