import SocialModel

// The home feed's page and what it holds, written as their synthesized `Encodable` conformances
// write them through `SocialJSON.encoder()`: keys in byte order, `nil` left out.

extension Identifier: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.string(rawValue) }
}

extension SocialJSONWritable where Self: OpaqueCursor {
    /// A cursor is its token, as its `Encodable` conformance writes it.
    package func write(to json: inout SocialJSONWriter) { json.string(description) }
}

extension FeedCursor: SocialJSONWritable {}
extension ExploreCursor: SocialJSONWritable {}
extension KeysetCursor: SocialJSONWritable {}

extension CursorPage: SocialJSONWritable where Item: SocialJSONWritable, Cursor: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) {
        json.object { json in
            json.field("items", items)
            json.field("next", next)
        }
    }
}

extension PostView: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) {
        json.object { json in
            json.field("author", author)
            json.field("firstComment", firstComment)
            json.field("likedByViewer", likedByViewer)
            json.field("post", post)
        }
    }
}

extension Post: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) {
        json.object { json in
            json.field("authorID", authorID)
            json.field("caption", caption)
            json.field("commentCount", commentCount)
            json.field("createdAt", createdAt)
            json.field("filter", filter)
            json.field("height", height)
            json.field("held", held)
            json.field("id", id)
            json.field("likeCount", likeCount)
            json.field("width", width)
        }
    }
}

extension PostComment: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) {
        json.object { json in
            json.field("authorID", authorID)
            json.field("createdAt", createdAt)
            json.field("held", held)
            json.field("id", id)
            json.field("postID", postID)
            json.field("text", text)
        }
    }
}

extension User: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) {
        json.object { json in
            json.field("avatar", avatar)
            json.field("bio", bio)
            json.field("createdAt", createdAt)
            json.field("email", email)
            json.field("id", id)
            json.field("name", name)
            json.field("surname", surname)
            json.field("username", username)
            json.field("verifiedAt", verifiedAt)
        }
    }
}
