import FilmKit
import Foundation
import Imaging
import Testing

private let english = Locale(identifier: "en_US")
private let slovak = Locale(identifier: "sk_SK")
private let czech = Locale(identifier: "cs_CZ")

/// Every case of FilmKit's public errors, with values that read the same in the English
/// message and the log description.
private let allErrors: [any LocalizableError & CustomStringConvertible] = [
    RollError.duplicateName(requested: "Léto", existing: "Léto"),
    RollError.duplicateName(requested: "leto", existing: "Léto"),
    RollError.invalidName(" "),
    RollError.unknownStock(.unknownFilter(name: "portra", suggestions: ["portra-400"])),
    RollError.rollNotFound(name: "Leto", suggestions: ["Léto", "Zima"]),
    RollError.rollFull(name: "Léto", exposures: 36),
    RollError.wrongState(name: "Léto", state: .developed, expected: .loaded),
    RollError.nothingShot(name: "Léto"),
    RollError.notReady(name: "Léto", readyDate: Date(timeIntervalSince1970: 0)),
    RollError.frameNotFound(name: "Léto", frame: 40, frameCount: 36),
    RollError.invalidImage(.decodeFailed(message: "not a JPEG")),
    RollError.invalidLocation(GeoLocation(latitude: 91, longitude: 0)),
    RollError.invalidExposure(7),
    RollError.invalidNote(.tooLong(count: 4000, limit: 1000)),
    RollError.invalidOwner(""),
    RollError.developmentFailed(name: "Léto", frame: 3, reason: .imaging(.decodeFailed(message: "not a JPEG"))),
    RollError.developmentFailed(name: "Léto", frame: 3, reason: .reported("Scratched()")),
    RollError.busy(name: "Léto"),
    RollError.exportFailed(
        name: "Léto", frame: 3, reason: .roll(.storageFailed(path: "/out", reason: .system("No space left on device")))),
    RollError.exportFailed(name: "Léto", frame: 3, reason: .failure(TranslatedMessage(LUTError.missingSize))),
    RollError.libraryInUse(path: "/rolls"),
    RollError.storageFailed(path: "/rolls/a", reason: .system("No space left on device")),
    RollError.storageFailed(path: "/rolls/a", reason: .readOnly),
    RollError.corruptFile(path: "/rolls/a", reason: .sizeMismatch(actual: 10, expected: 12)),
    RollError.damaged(name: "Léto", file: "roll.json", reason: .undecodable("missing field 'id'")),
    RollError.corruptPhoto(name: "Léto", frame: 2, reason: .checksumMismatch(bytes: 812)),
    RollProblem.system("No space left on device"),
    RollProblem.pathNotUTF8,
    RollProblem.readOnly,
    RollProblem.closed,
    RollProblem.noFreeFileName,
    RollProblem.unencodable("invalid value"),
    RollProblem.undecodable("missing field 'id'"),
    RollProblem.recordOfAnotherRoll(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
    RollProblem.recordOfAnotherFrame(3),
    RollProblem.sizeMismatch(actual: 10, expected: 12),
    RollProblem.missing,
    RollProblem.missingBeside(record: "0003.json"),
    RollProblem.checksumMismatch(bytes: 812),
    RollProblem.unreadable("Permission denied"),
    RollProblem.noReadableBackup(.undecodable("missing field 'id'")),
    RollProblem.noShotToRebuildFrom(.missing),
    RollProblem.shotDoesNotDecode(.recordOfAnotherFrame(3)),
    RollProblem.controlCharacter(0x0A),
    RollProblem.tooLong(count: 1001, limit: 1000),
    RollProblem.imaging(.decodeFailed(message: "not a JPEG")),
    RollProblem.filter(.unknownFilter(name: "portra", suggestions: [])),
    RollProblem.roll(.busy(name: "Léto")),
    RollProblem.failure(TranslatedMessage(LUTError.missingSize)),
    RollProblem.reported("Scratched()"),
    FilterError.duplicateName("sepia"),
    FilterError.unknownFilter(name: "sepa", suggestions: ["sepia"]),
    FilterError.unknownFilter(name: "x", suggestions: []),
    FilterError.invalidName("a b"),
    FilterError.unknownParameter(filter: "sepia", parameter: "amont", suggestions: ["amount"]),
    FilterError.parameterOutOfRange(filter: "sepia", parameter: "amount", value: 2, minimum: 0, maximum: 1),
    FilterError.invalidParameterValue(filter: "date-stamp", parameter: "date", value: "x", expected: "a date"),
    FilterError.invalidDescription(.duplicateParameter(filter: "sepia", parameter: "amount")),
    FilterDescriptionProblem.duplicateParameter(filter: "sepia", parameter: "amount"),
    FilmStockError.unreadable(path: "/s.json", reason: .system("No such file or directory")),
    FilmStockError.malformed(source: "s.json", reason: .notJSON("Unexpected character at line 1")),
    FilmStockError.valueOutOfRange(stock: "portra", field: "grain", value: 9, range: 0...1),
    FilmStockError.invalid(stock: "portra", reason: .mixWeights),
    FilmStockProblem.system("Permission denied"),
    FilmStockProblem.tooLarge(byteCount: 2_000_000, limit: 1_048_576),
    FilmStockProblem.notJSON("Unexpected character at line 1"),
    FilmStockProblem.missingField("iso", parent: nil),
    FilmStockProblem.missingField("clumpMicrometres", parent: "grain"),
    FilmStockProblem.wrongType(path: "iso", expected: "Int"),
    FilmStockProblem.wrongType(path: nil, expected: "Dictionary<String, Any>"),
    FilmStockProblem.nullValue(path: "grain.printGrainIndex", expected: "Double"),
    FilmStockProblem.unreadableValue(path: "iso", detail: "Number 1e999 is not representable"),
    FilmStockProblem.undecodable("unknown"),
    FilmStockProblem.missingIDOrName,
    FilmStockProblem.idNotAFilterName,
    FilmStockProblem.blackAndWhiteCurves,
    FilmStockProblem.needsThreeGains(field: "color.cast"),
    FilmStockProblem.mixWeights,
    FilmStockProblem.blackNotBelowWhite(channel: "red"),
    FilmStockProblem.grainFigure,
    LUTError.unreadable(path: "/a.cube", reason: .system("No such file or directory")),
    LUTError.malformedLine(line: 3, text: "x", reason: .notANumber("x")),
    LUTError.missingSize,
    LUTError.sizeOutOfRange(300, allowed: 2...256),
    LUTError.wrongEntryCount(expected: 8, found: 7),
    LUTError.tooManyEntries(expected: 8, line: 12),
    LUTError.invalidEntry(index: 0, reason: .notFinite([1e39, 1, 1])),
    LUTError.invalidDomain,
    LUTError.tooLarge(byteCount: 100, limit: 99),
    LUTError.notAHaldCLUT(width: 10, height: 10),
    LUTProblem.system("Permission denied"),
    LUTProblem.lineTooLong(limit: 4096),
    LUTProblem.notANumber("zero"),
    LUTProblem.outsideSinglePrecision("1e39"),
    LUTProblem.wrongNumberCount(expected: 3, found: 2),
    LUTProblem.wrongNumberCount(expected: 1, found: 0),
    LUTProblem.sizeGivenTwice,
    LUTProblem.sizeNotAWholeNumber,
    LUTProblem.unknownKeyword("LUT_4D_SIZE"),
    LUTProblem.entryBeforeSize,
    LUTProblem.notFinite([1e39, 1, 1]),
]

@Suite("FilmKit in English, Slovak and Czech")
struct LocalizationFilmKitTests {
    @Test("Every key of FilmKit's table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.filmKit.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        for error in allErrors {
            let en = error.localizedDescription(for: english)
            let sk = error.localizedDescription(for: slovak)
            let cs = error.localizedDescription(for: czech)
            #expect(en == error.description)
            #expect(sk != en && cs != en, "\(error)")
            for text in [en, sk, cs] { #expect(!text.contains("{") && !text.contains("RollError."), "\(text)") }
        }
    }

    @Test("Sample messages, nested errors and suggestions included")
    func samples() {
        let notFound = RollError.rollNotFound(name: "Leto", suggestions: ["Léto", "Zima"])
        #expect(
            notFound.localizedDescription(for: slovak)
                == "film s názvom 'Leto' neexistuje; mysleli ste 'Léto' alebo 'Zima'?")
        #expect(
            notFound.localizedDescription(for: czech)
                == "film s názvem 'Leto' neexistuje; mysleli jste 'Léto' nebo 'Zima'?")
        let state = RollError.wrongState(name: "Léto", state: .developed, expected: .loaded)
        #expect(state.localizedDescription(for: slovak) == "film 'Léto' je vyvolaný, nie založený")
        #expect(state.localizedDescription(for: czech) == "film 'Léto' je vyvolaný, ne založený")
        let stock = RollError.unknownStock(.unknownFilter(name: "portra", suggestions: []))
        #expect(stock.localizedDescription(for: czech) == "neznámý typ filmu: filtr s názvem 'portra' neexistuje")
        #expect(LUTError.missingSize.localizedDescription(for: slovak) == "chýba riadok LUT_1D_SIZE alebo LUT_3D_SIZE")
        // A roll's reasons are translated too; what the system or a decoder said is a marked detail.
        let damaged = RollError.damaged(
            name: "Léto", file: "roll.json", reason: .noReadableBackup(.undecodable("missing field 'id'")))
        #expect(
            damaged.description
                == "roll 'Léto' is damaged (roll.json: the record does not decode: missing field 'id'; no readable backup); repair it first"
        )
        #expect(
            damaged.localizedDescription(for: slovak)
                == "film 'Léto' je poškodený (roll.json: záznam sa nedá prečítať (technický detail: „missing field 'id'“); žiadna čitateľná záloha); najprv ho opravte"
        )
        let full = RollError.storageFailed(path: "/rolls/a", reason: .system("No space left on device"))
        #expect(full.description == "cannot store /rolls/a: No space left on device")
        #expect(
            full.localizedDescription(for: czech)
                == "/rolls/a nelze uložit: systémová chyba (technický detail: „No space left on device“)")
        // An unsupported language falls back to English; the log description never changes.
        #expect(state.localizedDescription(for: Locale(identifier: "de_DE")) == state.description)
    }

    @Test("Stock, lookup-table, filter and development reasons read in three languages")
    func reasonsOfStocksTablesAndFrames() {
        let unreadable = FilmStockError.unreadable(path: "/s.json", reason: .system("Permission denied"))
        #expect(unreadable.description == "cannot read film stock /s.json: Permission denied")
        #expect(
            unreadable.localizedDescription(for: slovak)
                == "typ filmu /s.json sa nedá prečítať: systémová chyba (technický detail: „Permission denied“)")
        let missing = FilmStockError.malformed(source: "a.json", reason: .missingField("iso", parent: "grain"))
        #expect(missing.description == "a.json is not a valid film stock: missing field 'iso' in grain")
        #expect(missing.localizedDescription(for: czech) == "a.json není platný typ filmu: v grain chybí pole 'iso'")
        let notJSON = FilmStockProblem.notJSON("Unexpected character at line 1")
        #expect(notJSON.description == "not JSON: Unexpected character at line 1")
        #expect(
            notJSON.localizedDescription(for: slovak)
                == "nie je to JSON (technický detail: „Unexpected character at line 1“)")
        let topLevel = FilmStockProblem.wrongType(path: nil, expected: "Dictionary")
        #expect(topLevel.description == "the top level should be Dictionary")
        #expect(topLevel.localizedDescription(for: czech) == "kořen dokumentu: hodnota má být typu Dictionary")
        let gains = FilmStockError.invalid(stock: "portra", reason: .needsThreeGains(field: "halation.color"))
        #expect(gains.localizedDescription(for: slovak) == "typ filmu portra: halation.color potrebuje 3 zosilnenia")
        let line = LUTError.malformedLine(line: 3, text: "1 1", reason: .wrongNumberCount(expected: 3, found: 2))
        #expect(line.description == "line 3: expected 3 numbers, found 2: '1 1'")
        #expect(line.localizedDescription(for: slovak) == "riadok 3: očakávajú sa 3 čísla, je ich 2: '1 1'")
        let entry = LUTError.invalidEntry(index: 1, reason: .notFinite([1e39, 1, 1]))
        #expect(entry.description == "entry 2: [1e+39, 1.0, 1.0] is not finite in single precision")
        #expect(
            entry.localizedDescription(for: czech) == "položka 2: [1e+39, 1.0, 1.0] není konečné v jednoduché přesnosti"
        )
        let twice = FilterError.invalidDescription(.duplicateParameter(filter: "sepia", parameter: "amount"))
        #expect(twice.description == "invalid filter description: sepia declares the parameter 'amount' twice")
        #expect(
            twice.localizedDescription(for: slovak)
                == "neplatný popis filtra: sepia deklaruje parameter 'amount' dvakrát")
        // A filter's error of the app's own has no translation: its words are a marked detail.
        let scratched = RollError.developmentFailed(name: "Léto", frame: 3, reason: .reported("Scratched()"))
        #expect(scratched.description == "developing frame 3 of roll 'Léto' failed: Scratched()")
        #expect(
            scratched.localizedDescription(for: czech)
                == "vyvolání políčka 3 filmu 'Léto' selhalo: chyba (technický detail: „Scratched()“)")
        // Another kit's error keeps its translations, caught once.
        let refused = RollError.exportFailed(
            name: "Léto", frame: 1, reason: .failure(TranslatedMessage(LUTError.missingSize)))
        #expect(
            refused.localizedDescription(for: slovak)
                == "políčko 1 filmu 'Léto' sa nedá exportovať: chýba riadok LUT_1D_SIZE alebo LUT_3D_SIZE")
        #expect(refused.localizedDescription(for: Locale(identifier: "de_DE")) == refused.description)
        let decoding = RollError.developmentFailed(
            name: "Léto", frame: 3, reason: .imaging(.decodeFailed(message: "not a JPEG")))
        #expect(
            decoding.localizedDescription(for: slovak)
                == "vyvolanie políčka 3 filmu 'Léto' zlyhalo: "
                + ImagingError.decodeFailed(message: "not a JPEG").localizedDescription(for: slovak))
    }

    @Test("A lookup table's count of numbers takes the form the number needs (1, 2–4, 5+, 0)")
    func numberCountPlural() {
        func count(_ expected: Int, _ locale: Locale) -> String {
            LUTProblem.wrongNumberCount(expected: expected, found: 0).localizedDescription(for: locale)
        }
        #expect(
            [0, 1, 2, 5].map { count($0, english) } == [
                "expected 0 numbers, found 0", "expected 1 number, found 0", "expected 2 numbers, found 0",
                "expected 5 numbers, found 0",
            ])
        #expect(
            [0, 1, 2, 4, 5].map { count($0, slovak) } == [
                "očakáva sa 0 čísel, je ich 0", "očakáva sa 1 číslo, je ich 0", "očakávajú sa 2 čísla, je ich 0",
                "očakávajú sa 4 čísla, je ich 0", "očakáva sa 5 čísel, je ich 0",
            ])
        #expect(
            [0, 1, 3, 5].map { count($0, czech) } == [
                "očekává se 0 čísel, je jich 0", "očekává se 1 číslo, je jich 0", "očekávají se 3 čísla, je jich 0",
                "očekává se 5 čísel, je jich 0",
            ])
    }

    @Test("What a check finds and a repair does, in three languages")
    func damageAndRepairs() {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let damage = RollDamage(
            kind: .shotDoesNotMatchRecord(frame: 3), rollID: id, rollName: "Léto", file: "/r/shots/0003.jpg",
            reason: .sizeMismatch(actual: 10, expected: 12))
        #expect(damage.description == "roll 'Léto' is damaged: /r/shots/0003.jpg: 10 bytes, but its record says 12")
        #expect(
            damage.localizedDescription(for: slovak)
                == "film 'Léto' je poškodený: /r/shots/0003.jpg: má 10 bajtov, ale jeho záznam uvádza 12")
        let unnamed = RollDamage(
            kind: .unreadableRollRecord, rollID: id, rollName: nil, file: "/r/roll.json", reason: .missing)
        #expect(unnamed.localizedDescription(for: czech) == "film \(id.uuidString) je poškozený: /r/roll.json: chybí")
        let repairs: [RollRepair] = [
            .restoredRollRecord(rollID: id, name: "Léto"), .rebuiltShotRecord(roll: "Léto", frame: 5),
            .keptAside(file: "/r/a.json", keptAt: "/r/kept-aside/a.json", reason: .noShotToRebuildFrom(.missing)),
            .redeveloped(roll: "Léto", frame: 2),
        ]
        #expect(
            repairs.map(\.description) == [
                "restored the record of roll 'Léto' (\(id.uuidString)) from its backup",
                "rebuilt the record of frame 5 of roll 'Léto'",
                "kept /r/a.json aside in /r/kept-aside/a.json (missing; no shot to rebuild it from)",
                "developed frame 2 of roll 'Léto' again",
            ])
        for repair in repairs {
            let en = repair.localizedDescription(for: english)
            #expect(repair.localizedDescription(for: slovak) != en && repair.localizedDescription(for: czech) != en)
        }
        #expect(
            repairs[2].localizedDescription(for: czech)
                == "/r/a.json byl odložen do /r/kept-aside/a.json (chybí; není snímek, ze kterého by šel obnovit)")
    }

    @Test("A full roll names its exposures in the form the number needs (1, 2–4, 5+, 0)")
    func rollFullPlural() {
        func full(_ count: Int, _ locale: Locale) -> String {
            RollError.rollFull(name: "R", exposures: count).localizedDescription(for: locale)
        }
        #expect(full(1, english) == "roll 'R' is full (1 exposure taken)")
        #expect(full(36, english) == "roll 'R' is full (all 36 exposures taken)")
        #expect(full(1, slovak) == "film 'R' je plný (1 snímka je exponovaná)")
        #expect(full(3, slovak) == "film 'R' je plný (všetky 3 snímky sú exponované)")
        #expect(full(36, slovak) == "film 'R' je plný (všetkých 36 snímok je exponovaných)")
        #expect(full(1, czech) == "film 'R' je plný (1 snímek je exponovaný)")
        #expect(full(4, czech) == "film 'R' je plný (všechny 4 snímky jsou exponované)")
        #expect(full(24, czech) == "film 'R' je plný (všech 24 snímků je exponováno)")
    }

    @Test("Roll states in three languages")
    func rollStates() {
        let names = RollState.allCases.map {
            [$0.localizedName(for: english), $0.localizedName(for: slovak), $0.localizedName(for: czech)]
        }
        #expect(
            names == [
                ["loaded", "založený", "založený"], ["full", "plný", "plný"],
                ["developing", "vo vývolávaní", "ve vyvolávání"], ["developed", "vyvolaný", "vyvolaný"],
            ])
    }

    @Test("Exposure labels: 0, 1, 2–4 and 5+ in each language")
    func exposureLabels() {
        let counts = [0, 1, 2, 4, 5, 36]
        #expect(
            counts.map { RollLabel.exposuresLeft($0, locale: english) } == [
                "0 exposures left", "1 exposure left", "2 exposures left", "4 exposures left", "5 exposures left",
                "36 exposures left",
            ])
        #expect(
            counts.map { RollLabel.exposuresLeft($0, locale: slovak) } == [
                "zostáva 0 snímok", "zostáva 1 snímka", "zostávajú 2 snímky", "zostávajú 4 snímky", "zostáva 5 snímok",
                "zostáva 36 snímok",
            ])
        #expect(
            counts.map { RollLabel.exposuresLeft($0, locale: czech) } == [
                "zbývá 0 snímků", "zbývá 1 snímek", "zbývají 2 snímky", "zbývají 4 snímky", "zbývá 5 snímků",
                "zbývá 36 snímků",
            ])
        #expect(RollLabel.exposureCounter(taken: 0, of: 1, locale: english) == "0 of 1 exposure")
        #expect(RollLabel.exposureCounter(taken: 12, of: 36, locale: english) == "12 of 36 exposures")
        #expect(RollLabel.exposureCounter(taken: 1, of: 1, locale: slovak) == "1 z 1 snímky")
        #expect(RollLabel.exposureCounter(taken: 2, of: 3, locale: slovak) == "2 z 3 snímok")
        #expect(RollLabel.exposureCounter(taken: 12, of: 36, locale: slovak) == "12 z 36 snímok")
        #expect(RollLabel.exposureCounter(taken: 1, of: 1, locale: czech) == "1 z 1 snímku")
        #expect(RollLabel.exposureCounter(taken: 2, of: 4, locale: czech) == "2 z 4 snímků")
        #expect(RollLabel.exposureCounter(taken: 0, of: 0, locale: czech) == "0 z 0 snímků")
    }
}
