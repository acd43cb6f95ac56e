import SocialModel
import Testing

/// Every item of a paged list, following `CursorPage.next` from the first page, at most
/// `maximumPages` pages: a store that ignores the cursor would otherwise loop forever, so going
/// past the bound is recorded as an issue instead.
func allPages<Item, Cursor>(
    maximumPages: Int = 20, _ page: (Cursor?) async throws -> CursorPage<Item, Cursor>,
    between: () async throws -> Void = {}
) async throws -> [Item] {
    var items: [Item] = []
    var cursor: Cursor?
    for _ in 0..<maximumPages {
        let current = try await page(cursor)
        items += current.items
        guard let next = current.next else { return items }
        cursor = next
        try await between()
    }
    Issue.record("the list did not end within \(maximumPages) pages; is the cursor ignored?")
    return items
}

/// The first `count` elements of a stream, or what arrived within `limit`: a store or relay that
/// loses an event would otherwise leave a test waiting forever, so a short result is recorded as
/// an issue instead.
/// - Parameters:
///   - count: how many elements to wait for.
///   - stream: the stream, subscribed to before the events it should carry.
///   - limit: how long to wait.
/// - Returns: the elements, fewer than `count` if the time ran out.
public func first<Element: Sendable>(
    _ count: Int, of stream: AsyncStream<Element>, within limit: Duration = .seconds(30)
) async -> [Element] {
    let collected = await withTaskGroup(of: [Element]?.self) { group in
        group.addTask {
            var items: [Element] = []
            for await item in stream {
                items.append(item)
                if items.count == count { break }
            }
            return items
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        return await group.next() ?? nil
    }
    guard let collected else {
        Issue.record("fewer than \(count) events arrived within \(limit)")
        return []
    }
    return collected
}
