import FileSafety
import Foundation
import Imaging

extension MessageTable {
    /// FilmKit's messages and labels (`Localization/<language>.lproj/FilmKit.strings`).
    package static let filmKit = MessageTable(bundle: .module, table: "FilmKit")
}

extension RollError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.filmKit
        func text(_ key: String, _ arguments: [String: String]) -> String {
            table.text("RollError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .duplicateName(let requested, let existing):
            return requested == existing
                ? text("duplicateName", ["existing": existing])
                : text("duplicateName.variant", ["existing": existing, "requested": requested])
        case .invalidName(let name): return text("invalidName", ["name": name])
        case .unknownStock(let error): return text("unknownStock", ["error": error.localizedDescription(for: locale)])
        case .rollNotFound(let name, let suggestions):
            return text("rollNotFound", ["name": name, "hint": MessageTable.didYouMean(suggestions, locale: locale)])
        case .rollFull(let name, let exposures):
            return table.plural("RollError.rollFull", count: exposures, locale: locale, ["name": name])
        case .wrongState(let name, let state, let expected):
            return text(
                "wrongState",
                [
                    "name": name, "state": state.localizedName(for: locale),
                    "expected": expected.localizedName(for: locale),
                ])
        case .nothingShot(let name): return text("nothingShot", ["name": name])
        case .notReady(let name, let readyDate):
            return text("notReady", ["name": name, "date": readyDate.formatted(.iso8601)])
        case .frameNotFound(let name, let frame, let frameCount):
            return text("frameNotFound", ["name": name, "frame": String(frame), "count": String(frameCount)])
        case .invalidImage(let error): return text("invalidImage", ["reason": error.localizedDescription(for: locale)])
        case .invalidLocation(let location):
            return text(
                "invalidLocation", ["latitude": "\(location.latitude)", "longitude": "\(location.longitude)"])
        case .invalidExposure(let value): return text("invalidExposure", ["value": "\(value)"])
        case .invalidNote(let reason): return text("invalidNote", ["reason": reason.localizedDescription(for: locale)])
        case .invalidOwner(let owner): return text("invalidOwner", ["owner": owner.debugDescription])
        case .developmentFailed(let name, let frame, let reason):
            return text(
                "developmentFailed",
                ["name": name, "frame": String(frame), "reason": reason.localizedDescription(for: locale)])
        case .busy(let name): return text("busy", ["name": name])
        case .exportFailed(let name, let frame, let reason):
            return text(
                "exportFailed",
                ["name": name, "frame": String(frame), "reason": reason.localizedDescription(for: locale)])
        case .libraryInUse(let path): return text("libraryInUse", ["path": path])
        case .storageFailed(let path, let reason):
            return text(
                "storageFailed",
                ["path": FileSystemPath.displayed(path), "reason": reason.localizedDescription(for: locale)])
        case .corruptFile(let path, let reason):
            return text("corruptFile", ["path": path, "reason": reason.localizedDescription(for: locale)])
        case .damaged(let name, let file, let reason):
            return text(
                "damaged",
                [
                    "name": name, "file": FileSystemPath.displayed(file),
                    "reason": reason.localizedDescription(for: locale),
                ])
        case .corruptPhoto(let name, let frame, let reason):
            return text(
                "corruptPhoto",
                ["name": name, "frame": String(frame), "reason": reason.localizedDescription(for: locale)])
        }
    }
}

extension RollState {
    /// The state as a word in the language of `locale`: "developed", "vyvolaný", "vyvolaný".
    public func localizedName(for locale: Locale = .current) -> String {
        MessageTable.filmKit.text("RollState.\(rawValue)", locale: locale)
    }
}

/// The roll labels an app shows, in English, Slovak or Czech, with the noun in the form the
/// number needs: "3 exposures left", "zostávajú 3 snímky", "zbývá 5 snímků".
public enum RollLabel {
    /// How many exposures are left: "1 exposure left", "zostáva 5 snímok", "zbývají 2 snímky".
    public static func exposuresLeft(_ count: Int, locale: Locale = .current) -> String {
        MessageTable.filmKit.plural("RollLabel.exposuresLeft", count: count, locale: locale)
    }

    /// The exposure counter: "12 of 36 exposures", "12 z 36 snímok", "12 z 36 snímků".
    public static func exposureCounter(taken: Int, of count: Int, locale: Locale = .current) -> String {
        MessageTable.filmKit.plural(
            "RollLabel.exposureCounter", count: count, locale: locale, ["taken": String(taken)])
    }
}
