import Foundation
import GRDB
import SocialModel
import SocialModelSQL

/// Reads one row's columns in order for the shared entity decoders (``SQLColumns``): by
/// position, which is markedly faster than by name for a feed's rows, and with GRDB's throwing
/// `decode`, so a damaged file gives an error, never a crash.
struct SQLiteRow: SQLColumns {
    let row: Row
    var index = 0

    init(_ row: Row) {
        self.row = row
    }

    private mutating func next<Value: DatabaseValueConvertible & StatementColumnConvertible>() throws -> Value {
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    mutating func string() throws -> String { try next() }
    mutating func optionalString() throws -> String? { try next() }
    mutating func int() throws -> Int { try next() }
    mutating func double() throws -> Double { try next() }
    mutating func optionalDouble() throws -> Double? { try next() }
    mutating func bool() throws -> Bool { try next() }
    mutating func data() throws -> Data { try next() }
    /// Lists are kept as JSON arrays of strings.
    mutating func strings() throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(try string().utf8))
    }
    func nextIsNull() -> Bool { (row[index] as DatabaseValue).isNull }
    mutating func skip(_ count: Int) { index += count }

    /// A list as its JSON column holds it.
    static func json(_ lines: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
    }

    /// Every row of a query, decoded.
    static func fetchAll<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (inout SQLiteRow) throws -> T
    ) throws -> [T] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var result: [T] = []
        while let row = try rows.next() {
            var reader = SQLiteRow(row)
            result.append(try decode(&reader))
        }
        return result
    }

    /// The first row of a query, decoded.
    static func fetchOne<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (inout SQLiteRow) throws -> T
    ) throws -> T? {
        // A cursor's row reads the statement in place (`Row.fetchOne` would copy every value first),
        // so the cursor must outlive the decoding: ending it resets the statement.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        return try withExtendedLifetime(rows) {
            guard let row = try rows.next() else { return nil }
            var reader = SQLiteRow(row)
            return try decode(&reader)
        }
    }
}
