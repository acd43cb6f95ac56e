import Foundation

/// The Facebook app whose users' access tokens a ``FacebookIdentityProvider`` accepts.
public struct FacebookConfiguration: Sendable, Hashable {
    /// The name sign-in calls use, `facebook` by default.
    public var name: String
    /// The app's id.
    public var appID: String
    /// The app's secret: signs the app access token and the `appsecret_proof` of each user call.
    public var appSecret: String
    /// The Graph API, with its version: `https://graph.facebook.com/v21.0` by default.
    public var graphBaseURL: URL
    /// Whether the email Facebook returns counts as verified. Facebook returns only a confirmed
    /// primary address, so this is on by default.
    public var treatsEmailAsVerified: Bool
    /// How long each Graph API request may take.
    public var requestTimeout: Duration

    /// Creates a configuration.
    /// - Parameters:
    ///   - appID: the app's id.
    ///   - appSecret: the app's secret.
    ///   - graphBaseURL: the Graph API's address with its version.
    ///   - name: the provider's name in sign-in calls.
    public init(
        appID: String, appSecret: String,
        graphBaseURL: URL = URL(string: "https://graph.facebook.com/v21.0") ?? URL(fileURLWithPath: "/"),
        name: String = "facebook"
    ) {
        self.name = name
        self.appID = appID
        self.appSecret = appSecret
        self.graphBaseURL = graphBaseURL
        self.treatsEmailAsVerified = true
        self.requestTimeout = .seconds(10)
    }
}
