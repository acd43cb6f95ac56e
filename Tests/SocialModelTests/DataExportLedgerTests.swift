import Foundation
import Testing

@testable import SocialModel

/// The rules of data exports as values: each call to the ledger with a date, and what it leaves
/// to delete or cancel.
@Suite("Data export ledger")
struct DataExportLedgerTests {
    let ada = UserID(rawValue: "usr_ada")
    let bea = UserID(rawValue: "usr_bea")
    let cyd = UserID(rawValue: "usr_cyd")
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    var policy: DataExportPolicy {
        var policy = DataExportPolicy()
        policy.maximumRunning = 2
        policy.timeLimit = 60
        policy.availability = 3600
        return policy
    }

    @Test("one export per user at a time, and no more running than the policy allows")
    func bounds() throws {
        var ledger = DataExportLedger(policy: policy)
        let first = try ledger.start(ada, job: 0, at: start)
        #expect(first.isEmpty)
        #expect(throws: DataExportError.inProgress) { try ledger.start(ada, job: 1, at: start) }
        let second = try ledger.start(bea, job: 2, at: start)
        #expect(second.isEmpty)
        #expect(throws: DataExportError.busy) { try ledger.start(cyd, job: 3, at: start) }
        #expect(throws: DataExportError.notReady) { try ledger.download(ada) }
        _ = ledger.finish(ada, job: 0, .made(file: "export-0.zip", bytes: 10), at: start)
        let third = try ledger.start(cyd, job: 3, at: start)
        #expect(third.isEmpty)
    }

    @Test("a new export replaces an archive not yet downloaded")
    func replaces() throws {
        var ledger = DataExportLedger(policy: policy)
        _ = try ledger.start(ada, job: 0, at: start)
        _ = ledger.finish(ada, job: 0, .made(file: "export-0.zip", bytes: 10), at: start)
        let replacing = try ledger.start(ada, job: 1, at: start)
        #expect(replacing == [.delete(file: "export-0.zip")])
    }

    @Test("a running export past the time limit fails and is cancelled; its late archive is deleted")
    func timesOut() throws {
        var ledger = DataExportLedger(policy: policy)
        _ = try ledger.start(ada, job: 0, at: start)
        let early = ledger.sweep(at: start.addingTimeInterval(59))
        #expect(early.isEmpty)
        let due = ledger.sweep(at: start.addingTimeInterval(60))
        #expect(due == [.cancel(job: 0)])
        let status = try ledger.status(ada)
        #expect(status.state == .failed && status.failure == .timedOut)
        let late = ledger.finish(ada, job: 0, .made(file: "export-0.zip", bytes: 10), at: start.addingTimeInterval(61))
        #expect(late == [.delete(file: "export-0.zip")])
        #expect(try ledger.status(ada).state == .failed)
        #expect(throws: DataExportError.gone(.failed)) { try ledger.download(ada) }
    }

    @Test("a ready archive expires; a downloaded one is handed over once")
    func expiresAndDownloadsOnce() throws {
        var ledger = DataExportLedger(policy: policy)
        _ = try ledger.start(ada, job: 0, at: start)
        _ = ledger.finish(ada, job: 0, .made(file: "export-0.zip", bytes: 10), at: start)
        _ = try ledger.start(bea, job: 1, at: start)
        _ = ledger.finish(bea, job: 1, .made(file: "export-1.zip", bytes: 10), at: start)
        let file = try ledger.download(bea)
        #expect(file == "export-1.zip")
        #expect(throws: DataExportError.gone(.downloaded)) { try ledger.download(bea) }
        let early = ledger.sweep(at: start.addingTimeInterval(3599))
        #expect(early.isEmpty)
        let due = ledger.sweep(at: start.addingTimeInterval(3600))
        #expect(due == [.delete(file: "export-0.zip")])
        #expect(throws: DataExportError.gone(.expired)) { try ledger.download(ada) }
        #expect(throws: DataExportError.notFound) { try ledger.status(cyd) }
    }
}
