import Foundation
import SocialClient
import SocialModel
import SocialModelAPI

let client = SocialClient(baseURL: URL(string: "http://127.0.0.1:8080")!, session: .shared)
let me = try await client.signIn(email: "ada@example.com", password: "Analytical-Engine-1843")
for try await event in try await me.liveUpdates() {
    if case .notification(let notification) = event { print(notification.kind, notification.actorID) }
}
