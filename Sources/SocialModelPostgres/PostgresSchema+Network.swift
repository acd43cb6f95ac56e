extension PostgresSchema {
    /// The network's tables. Posts keep their like and comment counts through triggers (which also
    /// run for cascaded deletes); every column a cascade follows leads an index; feed indexes hold
    /// the sort key, so a page is an index range scan per followed author.
    static let network = Migration(
        version: "v3-network",
        statements: [
            """
            CREATE TABLE avatar_photos (
                user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                size integer NOT NULL,
                jpeg bytea NOT NULL,
                PRIMARY KEY (user_id, size)
            )
            """,
            """
            CREATE TABLE follows (
                follower_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                followee_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at double precision NOT NULL,
                PRIMARY KEY (follower_id, followee_id)
            )
            """,
            "CREATE INDEX follows_by_follower ON follows (follower_id, created_at, followee_id)",
            "CREATE INDEX follows_by_followee ON follows (followee_id, created_at, follower_id)",
            """
            CREATE TABLE posts (
                id text COLLATE "C" PRIMARY KEY,
                author_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                caption text NOT NULL,
                filter text,
                width integer NOT NULL,
                height integer NOT NULL,
                created_at double precision NOT NULL,
                like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
                comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0)
            )
            """,
            "CREATE INDEX posts_by_author_date ON posts (author_id, created_at, id)",
            "CREATE INDEX posts_by_author_likes ON posts (author_id, like_count, created_at, id)",
            """
            CREATE TABLE post_photos (
                post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
                size integer NOT NULL,
                jpeg bytea NOT NULL,
                PRIMARY KEY (post_id, size)
            )
            """,
            """
            CREATE TABLE post_likes (
                post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
                user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at double precision NOT NULL,
                PRIMARY KEY (post_id, user_id)
            )
            """,
            "CREATE INDEX post_likes_by_time ON post_likes (post_id, created_at, user_id)",
            "CREATE INDEX post_likes_by_user ON post_likes (user_id)",
            """
            CREATE TABLE comments (
                id text COLLATE "C" PRIMARY KEY,
                post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
                author_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                text text NOT NULL,
                created_at double precision NOT NULL
            )
            """,
            "CREATE INDEX comments_by_post ON comments (post_id, created_at, id)",
            "CREATE INDEX comments_by_author ON comments (author_id)",
            """
            CREATE FUNCTION post_counts() RETURNS trigger LANGUAGE plpgsql
            SET search_path FROM CURRENT AS $$
            BEGIN
                IF TG_TABLE_NAME = 'post_likes' THEN
                    IF TG_OP = 'INSERT' THEN
                        UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
                    ELSE
                        UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
                    END IF;
                ELSIF TG_OP = 'INSERT' THEN
                    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
                ELSE
                    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER post_likes_count AFTER INSERT OR DELETE ON post_likes
            FOR EACH ROW EXECUTE FUNCTION post_counts()
            """,
            """
            CREATE TRIGGER comments_count AFTER INSERT OR DELETE ON comments
            FOR EACH ROW EXECUTE FUNCTION post_counts()
            """,
            """
            CREATE TABLE notifications (
                id text COLLATE "C" PRIMARY KEY,
                recipient_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                actor_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind text NOT NULL,
                post_id text COLLATE "C" REFERENCES posts (id) ON DELETE CASCADE,
                comment_id text COLLATE "C" REFERENCES comments (id) ON DELETE CASCADE,
                created_at double precision NOT NULL,
                is_read boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE INDEX notifications_by_recipient ON notifications (recipient_id, created_at, id)",
            // Only unread rows are in this index, so the unread count reads a handful of entries.
            "CREATE INDEX notifications_unread ON notifications (recipient_id) WHERE NOT is_read",
            "CREATE INDEX notifications_by_actor ON notifications (actor_id, kind)",
            "CREATE INDEX notifications_by_post ON notifications (post_id)",
            "CREATE INDEX notifications_by_comment ON notifications (comment_id)",
            """
            CREATE TABLE conversations (
                id text COLLATE "C" PRIMARY KEY,
                user_a text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                user_b text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at double precision NOT NULL,
                last_message_at double precision NOT NULL,
                CONSTRAINT conversations_pair UNIQUE (user_a, user_b)
            )
            """,
            "CREATE INDEX conversations_by_user_b ON conversations (user_b)",
            // One row per participant: whether they hid it, the last message they hid with it, and
            // how many of the other's messages they have not read.
            """
            CREATE TABLE conversation_members (
                conversation_id text COLLATE "C" NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
                user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                hidden boolean NOT NULL DEFAULT false,
                cleared_seq bigint NOT NULL DEFAULT 0,
                unread_count integer NOT NULL DEFAULT 0,
                PRIMARY KEY (conversation_id, user_id)
            )
            """,
            "CREATE INDEX conversation_members_by_user ON conversation_members (user_id, hidden)",
            """
            CREATE TABLE messages (
                seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                id text COLLATE "C" NOT NULL CONSTRAINT messages_id_key UNIQUE,
                conversation_id text COLLATE "C" NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
                sender_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                text text NOT NULL,
                has_photo boolean NOT NULL,
                created_at double precision NOT NULL,
                read_at double precision
            )
            """,
            "CREATE INDEX messages_by_conversation ON messages (conversation_id, created_at, id)",
            "CREATE INDEX messages_by_sender ON messages (sender_id)",
            """
            CREATE TABLE message_photos (
                message_id text COLLATE "C" PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
                jpeg bytea NOT NULL
            )
            """,
        ])
}

extension PostgresSchema {
    /// Everyone's posts in each feed order, with the author last so a home feed page is an
    /// index-only walk that tests each entry's author against the people followed (see
    /// `PostgresSocialStore.homeFeed`), as the SQLite store's `posts_by_date` and `posts_by_likes`.
    static let feedWalk = Migration(
        version: "v4-feed-walk",
        statements: [
            "CREATE INDEX posts_by_date ON posts (created_at, id, author_id)",
            "CREATE INDEX posts_by_likes ON posts (like_count, created_at, id, author_id)",
        ])
}
