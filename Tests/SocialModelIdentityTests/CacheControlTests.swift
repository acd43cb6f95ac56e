import Testing

@testable import SocialModelIdentity

/// The Cache-Control reading that decides how long an issuer's keys are kept, on odd headers.
@Suite("Cache-Control")
struct CacheControlTests {
    @Test(
        arguments: [
            (nil, nil), ("", nil), ("public, max-age=3600, must-revalidate", 3600), ("MAX-AGE=60", 60),
            ("max-age=\"30\"", 30), ("private, no-cache", 0), ("no-store, max-age=600", 0), ("max-age=abc", nil),
            ("max-age=-5", nil), ("max-age=", nil), ("max-age=99999999999999999999999", 999_999_999),
            ("max-age=12, max-age=34", 34), ("s-maxage=10", nil), ("max-age=Ⅻ", nil), (",,,=,=", nil),
        ] as [(String?, Int?)])
    func maximumAge(header: String?, seconds: Int?) {
        #expect(CacheControl(header).maximumAge == seconds)
    }

    @Test func lifetimesStayWithinTheConfiguredBounds() {
        let policy = OpenIDConnectConfiguration.KeyCachePolicy(
            defaultLifetime: 3600, minimumLifetime: 60, maximumLifetime: 86_400)
        #expect(policy.lifetime(nil) == 3600)
        #expect(policy.lifetime(0) == 60)
        #expect(policy.lifetime(999_999_999) == 86_400)
        #expect(policy.lifetime(600) == 600)
    }
}
