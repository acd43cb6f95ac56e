import Foundation

extension SocialRoutes {
    /// The OpenAPI 3.1 document (JSON) describing exactly the routes of ``collection(context:)``,
    /// mounted at the root; a test checks that every route is documented and every documented
    /// route is served. Serve it to tools and client generators as it is.
    /// - Throws: `CocoaError` if the bundled file cannot be read (a packaging fault).
    /// - Returns: the document's bytes.
    public static func openAPIDocument() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
