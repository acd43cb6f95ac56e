import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

/// Reads one row's columns in order for the shared entity decoders (``SQLColumns``); a column
/// of an unexpected type is a `StoreError`, never a crash.
struct PostgresColumns: SQLColumns {
    var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        cells = row.makeIterator()
    }

    private mutating func next<Value: PostgresDecodable>(_: Value.Type = Value.self) throws(StoreError) -> Value {
        guard let cell = cells.next() else { throw .database(message: "a row has fewer columns than expected") }
        do {
            return try cell.decode(Value.self)
        } catch {
            throw .database(message: "unexpected column type: \(error)")
        }
    }

    mutating func string() throws -> String { try next() }
    mutating func optionalString() throws -> String? { try next() }
    mutating func int() throws -> Int { try next() }
    mutating func double() throws -> Double { try next() }
    mutating func optionalDouble() throws -> Double? { try next() }
    mutating func bool() throws -> Bool { try next() }
    mutating func data() throws -> Data { try next() }
    /// Lists are `text[]` columns.
    mutating func strings() throws -> [String] { try next() }

    func nextIsNull() -> Bool {
        var probe = cells
        return probe.next()?.bytes == nil
    }

    mutating func skip(_ count: Int) {
        for _ in 0..<count { _ = cells.next() }
    }
}

extension Data {
    /// The bytes as a `ByteBuffer`, which binds as `bytea` without a throwing conversion.
    var buffer: ByteBuffer { ByteBuffer(bytes: self) }
}

/// SQL text with numbered parameters, for queries whose clauses depend on the request (a cursor
/// or not, one sort key or another). Values are always bound, never spliced into the text.
struct SQLBuilder {
    var sql = ""
    var bindings = PostgresBindings()

    /// Binds a value and returns its placeholder (`$n`).
    mutating func bind(_ value: some PostgresNonThrowingEncodable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }

    /// `AND (date, id) < (…)` (or `>` when `ascending`) for a keyset cursor, or nothing without one.
    mutating func keyset(_ cursor: KeysetCursor?, _ date: String, _ id: String, ascending: Bool = false) -> String {
        guard let cursor else { return "" }
        let datePlaceholder = bind(cursor.date.timeIntervalSinceReferenceDate)
        return "AND (\(date), \(id)) \(ascending ? ">" : "<") (\(datePlaceholder), \(bind(cursor.id)))"
    }
}
