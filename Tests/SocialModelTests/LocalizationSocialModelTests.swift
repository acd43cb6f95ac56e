import Foundation
import SocialModel
import Testing

@Suite("SocialModel in English, Slovak and Czech")
struct LocalizationSocialModelTests {
    private let english = Locale(identifier: "en")
    private let slovak = Locale(identifier: "sk")
    private let czech = Locale(identifier: "cs")

    @Test("Every key of SocialModel's table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.socialModel.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        let store: [StoreError] = [
            .cannotOpen(path: "/db", message: "locked"), .duplicate(.email), .notFound(entity: "user"),
            .missingReference, .database(message: "x"),
        ]
        let account: [AccountError] = [
            .invalid([RuleViolation(.password, .missingDigit), RuleViolation(.username, .tooShort(minimum: 3))]),
            .invalidCredentials, .emailNotVerified, .rateLimited(retryAfter: 29.5), .invalidToken, .expiredToken,
            .unauthorized, .unknownProvider("gitlab"), .providerRejected(.invalidToken(reason: "expired")),
            .providerRejected(.unavailable(reason: "timeout")), .identityAlreadyLinked, .emailBelongsToExistingAccount,
            .lastSignInMethod, .storage(.missingReference), .passwordHashing(.costTooLow(minimum: 10, given: 4)),
            .passwordHashing(.malformedHash), .passwordHashing(.derivationFailed(message: "x")),
        ]
        let photo: [PhotoError] = [
            .unusable(reason: "truncated"), .unknownFilter(name: "sepa", suggestions: ["sepia"]),
            .filterFailed(filter: "sepia", reason: "x"), .busy(retryAfter: 3),
        ]
        let network: [NetworkError] =
            NetworkEntity.allCases.map { .notFound($0) } + [
                .invalid([NetworkViolation(.caption, .tooLong(maximum: 2200))]), .forbidden, .selfAction,
                .photo(.busy(retryAfter: 2)), .account(.unauthorized), .storage(.database(message: "x")),
            ]
        let recipe: [RecipeError] = [
            .invalid([RecipeViolation(.name, .containsWhitespace)]), .notFound, .forbidden, .invalidPage(0),
            .photo(.unusable(reason: "x")), .account(.unauthorized), .storage(.missingReference),
        ]
        let mealPlan: [MealPlanError] = [
            .implausible([ImplausibleValue(field: .weight, value: 900, allowed: 20...400)]), .noBodyProfile,
            .account(.unauthorized), .storage(.missingReference),
        ]
        let mail: [MailerError] = [.deliveryFailed(message: "550"), .transientFailure(message: "421")]
        var errors: [any LocalizableError & CustomStringConvertible] = []
        errors += store as [any LocalizableError & CustomStringConvertible]
        errors += account as [any LocalizableError & CustomStringConvertible]
        errors += photo as [any LocalizableError & CustomStringConvertible]
        errors += network as [any LocalizableError & CustomStringConvertible]
        errors += recipe as [any LocalizableError & CustomStringConvertible]
        errors += mealPlan as [any LocalizableError & CustomStringConvertible]
        errors += mail as [any LocalizableError & CustomStringConvertible]
        for error in errors {
            let en = error.localizedDescription(for: english)
            #expect(en == error.description)
            #expect(error.localizedDescription(for: slovak) != en, "\(error)")
            #expect(error.localizedDescription(for: czech) != en, "\(error)")
        }
    }

    @Test("Rule violations name the field in the language and the count in its form (1, 2–4, 5+, 0)")
    func violations() {
        func short(_ minimum: Int, _ locale: Locale) -> String {
            AccountError.invalid([RuleViolation(.password, .tooShort(minimum: minimum))]).localizedDescription(
                for: locale)
        }
        #expect(short(1, english) == "password must be at least 1 character")
        #expect(short(8, english) == "password must be at least 8 characters")
        #expect(
            [0, 1, 3, 8].map { short($0, slovak) } == [
                "heslo musí mať aspoň 0 znakov", "heslo musí mať aspoň 1 znak", "heslo musí mať aspoň 3 znaky",
                "heslo musí mať aspoň 8 znakov",
            ])
        #expect(
            [0, 1, 4, 5].map { short($0, czech) } == [
                "heslo musí mít alespoň 0 znaků", "heslo musí mít alespoň 1 znak", "heslo musí mít alespoň 4 znaky",
                "heslo musí mít alespoň 5 znaků",
            ])
        let two = AccountError.invalid([RuleViolation(.username, .taken), RuleViolation(.password, .missingDigit)])
        #expect(
            two.localizedDescription(for: slovak)
                == "používateľské meno už používa niekto iný; heslo musí obsahovať číslicu")
        #expect(
            two.localizedDescription(for: czech)
                == "uživatelské jméno už používá někdo jiný; heslo musí obsahovat číslici")
        let lines = NetworkError.invalid([NetworkViolation(.comment, .tooManyLines(maximum: 2))])
        #expect(lines.localizedDescription(for: czech) == "komentář může mít nejvýše 2 řádky")
        #expect(lines.localizedDescription(for: slovak) == "komentár môže mať najviac 2 riadky")
    }

    @Test("Samples: nested errors, suggestions, the process locale through errorDescription")
    func samples() {
        #expect(
            NetworkError.notFound(.post).localizedDescription(for: slovak) == "taký príspevok neexistuje")
        #expect(
            NetworkError.account(.invalidCredentials).localizedDescription(for: czech)
                == "e-mail nebo heslo je nesprávné")
        #expect(
            PhotoError.unknownFilter(name: "sepa", suggestions: ["sepia", "mono"]).localizedDescription(for: czech)
                == "filtr s názvem 'sepa' neexistuje; mysleli jste 'sepia' nebo 'mono'?")
        #expect(AccountError.rateLimited(retryAfter: 29.5).localizedDescription(for: slovak).hasSuffix("o 30 s"))
        #expect(
            AccountError.unauthorized.errorDescription == AccountError.unauthorized.localizedDescription(for: .current))
    }
}

@Suite("SocialModel notification texts in English, Slovak and Czech")
struct LocalizationNotificationTests {
    @Test("Each kind of notification in three languages")
    func kinds() {
        let texts = NotificationKind.allCases.map { kind in
            ["en", "sk", "cs"].map { kind.localizedText(actor: "ada", locale: Locale(identifier: $0)) }
        }
        #expect(
            texts == [
                [
                    "ada liked your post", "Váš príspevok sa páči používateľovi ada",
                    "Váš příspěvek se líbí uživateli ada",
                ],
                [
                    "ada commented on your post", "Nový komentár k vášmu príspevku od používateľa ada",
                    "Nový komentář k vašemu příspěvku od uživatele ada",
                ],
                ["ada started following you", "Používateľ ada vás teraz sleduje", "Uživatel ada vás nyní sleduje"],
            ])
    }

    @Test("The unread count: 0, 1, 2–4, 5+")
    func unread() {
        let counts = [0, 1, 2, 4, 5, 11]
        #expect(
            counts.map { NotificationLabel.unread($0, locale: Locale(identifier: "en")) } == [
                "0 unread notifications", "1 unread notification", "2 unread notifications", "4 unread notifications",
                "5 unread notifications", "11 unread notifications",
            ])
        #expect(
            counts.map { NotificationLabel.unread($0, locale: Locale(identifier: "sk")) } == [
                "0 neprečítaných upozornení", "1 neprečítané upozornenie", "2 neprečítané upozornenia",
                "4 neprečítané upozornenia", "5 neprečítaných upozornení", "11 neprečítaných upozornení",
            ])
        #expect(
            counts.map { NotificationLabel.unread($0, locale: Locale(identifier: "cs")) } == [
                "0 nepřečtených upozornění", "1 nepřečtené upozornění", "2 nepřečtená upozornění",
                "4 nepřečtená upozornění", "5 nepřečtených upozornění", "11 nepřečtených upozornění",
            ])
    }
}
