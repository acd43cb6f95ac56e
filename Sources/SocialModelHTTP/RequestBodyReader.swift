import Hummingbird
import SocialModelAPI

/// Reads a request's body under a byte limit and a deadline, both checked while it streams in:
/// a `Content-Length` over the limit is refused before a byte is read, a body that turns out
/// longer (chunked, or lying about its length) as soon as the limit is passed, and a body still
/// arriving at the deadline (a client sending a byte now and then to hold the connection) when
/// the deadline comes. Each chunk is shown to `inspect` as it arrives, so a parser can refuse a
/// body by its shape (too many entries, too many parts) long before it is complete.
enum RequestBodyReader {
    /// When the body of the request being handled must be complete; set by
    /// ``ClientLimitsMiddleware`` from ``SocialHTTPLimits/bodyReadTimeout``.
    @TaskLocal static var deadline: ContinuousClock.Instant?

    /// The body, whole.
    /// - Parameters:
    ///   - request: the request.
    ///   - limit: the most bytes read.
    ///   - inspect: sees each chunk in order; what it throws ends the reading.
    /// - Returns: the body.
    /// - Throws: `413 body-too-large`, `408 body-timed-out`, and what `inspect` throws.
    static func read(_ request: Request, limit: Int, inspect: (ByteBuffer) throws -> Void = { _ in }) async throws
        -> ByteBuffer
    {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw SocialAPIError.bodyTooLarge("declared", count: limit, ["declared": String(declared)])
        }
        guard let deadline else { return try await collect(request.body, limit: limit, inspect: inspect) }
        // The reading runs in a child task that ends before this call returns (the group waits
        // for it), so the non-escaping, non-Sendable `inspect` outlives neither.
        return try await withoutActuallyEscaping(inspect) { inspect in
            nonisolated(unsafe) let inspect = inspect
            return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await collect(request.body, limit: limit, inspect: inspect) }
                group.addTask {
                    try await Task.sleep(until: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let body = first else { throw SocialAPIError.bodyTimedOut }
                return body
            }
        }
    }

    private static func collect(_ body: RequestBody, limit: Int, inspect: (ByteBuffer) throws -> Void) async throws
        -> ByteBuffer
    {
        var collected = ByteBuffer()
        for try await chunk in body {
            guard chunk.readableBytes <= limit - collected.readableBytes else {
                throw SocialAPIError.bodyTooLarge("over", count: limit)
            }
            try inspect(chunk)
            collected.writeImmutableBuffer(chunk)
        }
        return collected
    }
}
