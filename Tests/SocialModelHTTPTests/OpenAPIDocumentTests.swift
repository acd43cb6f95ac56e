import Foundation
import Hummingbird
import HummingbirdWebSocket
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import Testing

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The document's operations as "METHOD /path".
    static func documented() throws -> (version: String, operations: Set<String>) {
        let object = try JSONSerialization.jsonObject(with: try SocialRoutes.openAPIDocument())
        let document = try #require(object as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: Set<String> = []
        for (path, item) in paths {
            for method in item.keys where ["get", "put", "post", "delete", "patch", "head"].contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return (try #require(document["openapi"] as? String), operations)
    }

    @Test("every route is documented and every documented route is served")
    func routesMatchDocument() throws {
        let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let routes = SocialRoutes(network: harness.network, recipes: harness.recipes, meals: harness.meals)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self))
        router.addRoutes(routes.liveCollection())
        let served = Set(router.routes.map { "\($0.method) \($0.path)" })
        let (version, documented) = try Self.documented()
        #expect(version.hasPrefix("3.1"))
        #expect(served.subtracting(documented).isEmpty, "served but not documented")
        #expect(documented.subtracting(served).isEmpty, "documented but not served")
        #expect(served.count == 91)
    }

    @Test("every operation documents its responses, and session routes name the bearer scheme")
    func operationsAreComplete() throws {
        let object = try JSONSerialization.jsonObject(with: try SocialRoutes.openAPIDocument())
        let paths = try #require((object as? [String: Any])?["paths"] as? [String: [String: [String: Any]]])
        let publicOperations: Set<String> = [
            "register", "verifyEmail", "resendVerification", "signIn", "avatar", "postPhoto", "recipePhoto",
            "requestPasswordReset", "resetPassword", "signInWithProvider", "avatarHead", "postPhotoHead",
            "recipePhotoHead", "filters", "sharePage", "sharePageHead", "sharePhoto", "sharePhotoHead",
        ]
        for (path, item) in paths {
            for (method, operation) in item {
                let id = try #require(operation["operationId"] as? String, "\(method) \(path)")
                #expect((operation["responses"] as? [String: Any])?.isEmpty == false, "\(id)")
                let security = try #require(operation["security"] as? [[String: Any]], "\(id)")
                #expect(security.isEmpty == publicOperations.contains(id), "\(id)")
                // Every whole-number parameter states the range the routes hold it to.
                for parameter in operation["parameters"] as? [[String: Any]] ?? [] {
                    let schema = parameter["schema"] as? [String: Any] ?? [:]
                    guard schema["type"] as? String == "integer" else { continue }
                    #expect(schema["minimum"] != nil && schema["maximum"] != nil, "\(id) \(parameter["name"]!)")
                }
                if let created = (operation["responses"] as? [String: [String: Any]])?["201"] {
                    #expect((created["headers"] as? [String: Any])?["Location"] != nil, "\(id) documents Location")
                }
                for name in path.split(separator: "/").filter({ $0.hasPrefix("{") }) {
                    let parameters = operation["parameters"] as? [[String: Any]] ?? []
                    let declared = parameters.contains { $0["in"] as? String == "path" && "{\($0["name"]!)}" == name }
                    #expect(declared, "\(id) declares \(name)")
                }
            }
        }
    }
}
