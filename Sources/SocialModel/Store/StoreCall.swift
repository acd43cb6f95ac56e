/// Runs a store call for a service, wrapping a ``StoreError`` in the service's own error type.
func callStore<T, E: Error>(_ wrap: (StoreError) -> E, _ body: () async throws -> T) async throws(E) -> T {
    do {
        return try await body()
    } catch let error as StoreError {
        throw wrap(error)
    } catch {
        throw wrap(.database(message: "\(error)"))
    }
}
