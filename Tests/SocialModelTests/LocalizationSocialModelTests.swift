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
            .missingReference, .database(message: "x"), .notFound(entity: "widget"),
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
            .invalidFilterParameters(filter: "sepia", reason: "x"),
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

    @Test("Free text (a library's or server's message) is a marked technical detail, never inside translated words")
    func technicalDetails() {
        let mail = MailerError.deliveryFailed(message: "550 no such mailbox")
        #expect(mail.localizedDescription(for: english) == "email delivery failed: 550 no such mailbox")
        #expect(
            mail.localizedDescription(for: slovak)
                == "doručenie e-mailu zlyhalo (technický detail: „550 no such mailbox“)")
        #expect(
            PhotoError.unusable(reason: "VipsJpeg: Corrupt JPEG data").localizedDescription(for: czech)
                == "fotografii nelze použít (technický detail: „VipsJpeg: Corrupt JPEG data“)")
        #expect(
            StoreError.cannotOpen(path: "/var/db", message: "disk I/O error").localizedDescription(for: slovak)
                == "úložisko /var/db sa nedá otvoriť (technický detail: „disk I/O error“)")
        #expect(
            PhotoError.invalidFilterParameters(filter: "grain", reason: "amount = 2 is out of range")
                .localizedDescription(for: czech)
                == "parametry filtru 'grain' nejsou platné (technický detail: „amount = 2 is out of range“)")
        // A store's entity name is translated where the network knows it, a marked detail otherwise.
        #expect(
            StoreError.notFound(entity: "user").localizedDescription(for: slovak)
                == NetworkError.notFound(.user).localizedDescription(for: slovak))
        #expect(
            StoreError.notFound(entity: "widget").localizedDescription(for: czech)
                == "záznam neexistuje (technický detail: „widget“)")
    }

    @Test("The SDK's own phrases inside rules (what a value must be, which characters) are translated")
    func rulePhrases() {
        func sentence(_ rule: ValidationRule, _ field: AccountField, _ locale: Locale) -> String {
            AccountError.invalid([RuleViolation(field, rule)]).localizedDescription(for: locale)
        }
        #expect(
            sentence(.malformed(expected: "an address like name@example.com"), .email, slovak)
                == "e-mail musí byť adresa v tvare meno@example.com")
        #expect(
            sentence(.forbiddenCharacters(allowed: "printable characters and line breaks"), .bio, czech)
                == "popis profilu může obsahovat jen tisknutelné znaky a zalomení řádků")
        #expect(
            sentence(.malformed(expected: "free of leading, trailing or doubled dots"), .username, czech)
                == "uživatelské jméno musí být bez tečky na začátku a na konci a bez dvou teček za sebou")
        let phrases = [
            "printable characters", "printable characters and line breaks", "ASCII letters, digits, '.' and '_'",
            "free of leading, trailing or doubled dots", "an address like name@example.com",
            "a future date, for a suspension only", "a post, comment or message to remove",
        ]
        for phrase in phrases {
            let english = sentence(.malformed(expected: phrase), .name, english)
            #expect(english == "name must be \(phrase)")
            #expect(!sentence(.malformed(expected: phrase), .name, slovak).contains(phrase), "\(phrase)")
            #expect(!sentence(.forbiddenCharacters(allowed: phrase), .name, czech).contains(phrase), "\(phrase)")
        }
        // A host's own phrase has no translation: it is shown as written.
        #expect(sentence(.malformed(expected: "a colour"), .name, slovak) == "meno musí byť a colour")
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

    @Test("A suspension's end is a date a person reads in their language, in UTC")
    func suspensionDate() {
        let until = Date(timeIntervalSince1970: 1_767_537_000)  // 2026-01-04 14:30 UTC
        #expect(
            AccountError.suspended(until: until).localizedDescription(for: Locale(identifier: "en"))
                == "this account is suspended until January 4, 2026 at 2:30\u{202F}PM UTC")
        #expect(
            AccountError.suspended(until: until).localizedDescription(for: slovak)
                == "tento účet je pozastavený do 4. januára 2026, 14:30 UTC")
        #expect(
            AccountError.suspended(until: until).localizedDescription(for: czech)
                == "tento účet je pozastaven do 4. ledna 2026 v 14:30 UTC")
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
                    "ada liked your post", "Používateľ ada dal lajk vášmu príspevku",
                    "Uživatel ada dal lajk vašemu příspěvku",
                ],
                [
                    "ada commented on your post", "Používateľ ada okomentoval váš príspevok",
                    "Uživatel ada okomentoval váš příspěvek",
                ],
                ["ada started following you", "Používateľ ada vás teraz sleduje", "Uživatel ada vás nyní sleduje"],
                ["ada mentioned you", "Používateľ ada vás spomenul", "Uživatel ada vás zmínil"],
            ])
    }

    @Test("A name (ending in -a, -e or a consonant) stays as written: the sentence's subject is the noun user")
    func namesNeedNoDeclension() {
        for name in ["Jana", "Marie", "Kryštof"] {
            for kind in NotificationKind.allCases {
                #expect(
                    kind.localizedText(actor: name, locale: Locale(identifier: "cs")).hasPrefix("Uživatel \(name) "))
                #expect(
                    kind.localizedText(actor: name, locale: Locale(identifier: "sk")).hasPrefix("Používateľ \(name) "))
            }
        }
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
