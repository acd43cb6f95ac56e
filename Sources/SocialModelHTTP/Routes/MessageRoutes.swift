import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Direct messages: sending, the inbox, a conversation's messages, read state, hiding a
    /// conversation and message photos.
    func addMessageRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        // A JSON body sends text; any other body is a photo (raw, with the text as `?text=`, or
        // multipart/form-data with `photo` and `text` parts).
        routes.post("users/:userID/messages") { request, context in
            let me = try await session(request)
            let recipientID = try context.parameters.id("userID", UserID.self)
            let message: Message
            if RequestMediaType(of: request)?.isJSON == true {
                let body = try await HTTPJSON.body(MessageRequest.self, of: request, limit: limits.jsonBodyBytes)
                message = try await me.messages.send(recipientID: recipientID, text: body.text)
            } else {
                let query = try RequestQuery(request: request)
                let upload = try await PhotoUpload.read(
                    request, limit: limits.photoBodyBytes, fieldBytes: limits.jsonBodyBytes)
                message = try await me.messages.send(
                    recipientID: recipientID, text: upload.field("text", in: query) ?? "", photo: upload.photo)
            }
            return try CreatedResponse.json(
                message, for: request, routeSegments: 3, at: "conversations", message.conversationID.rawValue,
                "messages")
        }
        routes.get("conversations") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.messages.inbox(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.get("conversations/unread-count") { request, _ in
            try HTTPJSON.response(CountResponse(count: try await session(request).messages.unreadCount()))
        }
        routes.get("conversations/:conversationID/messages") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.messages.messages(
                    conversationID: context.parameters.id("conversationID", ConversationID.self),
                    before: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.post("conversations/:conversationID/read") { request, context in
            let me = try await session(request)
            let count = try await me.messages.markRead(
                conversationID: context.parameters.id("conversationID", ConversationID.self))
            return try HTTPJSON.response(CountResponse(count: count))
        }
        routes.delete("conversations/:conversationID") { request, context in
            try await session(request).messages.delete(
                conversationID: context.parameters.id("conversationID", ConversationID.self))
            return Response(status: .noContent)
        }
        getAndHead("messages/:messageID/photo", on: routes) { request, context in
            let jpeg = try await session(request).messages.photo(
                messageID: context.parameters.id("messageID", MessageID.self))
            // Only the conversation's participants may see it, so shared caches must not keep it.
            return PhotoResponse.jpeg(jpeg, for: request, cacheControl: "private, max-age=31536000, immutable")
        }
    }
}
