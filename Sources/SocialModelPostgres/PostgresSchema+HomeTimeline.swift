extension PostgresSchema {
    /// Each user's home feed in date order, written when a post is made or a follow changes
    /// (fan-out on write), so that a page in date order reads its twenty entries from one index
    /// range instead of walking everyone's newest posts (`PostgresSocialStore.homeFeed`).
    ///
    /// A row says "this post is in this user's home feed": one for the author, one for each of
    /// the author's followers. Statement triggers keep it exact, whichever way rows change (a
    /// store call, a bulk insert, a foreign-key cascade): a new post is fanned out to its author's
    /// followers, a deleted one taken out, a new follow copies the followee's posts in, and an
    /// ended follow takes them out; a deleted user's rows go with their posts and follows. A post
    /// and a follow of its author changed at the same moment in two transactions would each miss
    /// the other's uncommitted row, so every trigger takes a transaction lock on the author first:
    /// the second waits for the first to commit and then, with a new snapshot for its next
    /// statement (READ COMMITTED), sees its row.
    ///
    /// No foreign keys: they would check a post's rows one by one, and the triggers already
    /// remove every row whose post or user goes (a post by a user with 9,999 followers, median of
    /// `social-feed-bench-postgres`: 389 ms with keys, 152 ms without).
    ///
    /// The date orders read it; the like orders still walk `posts_by_likes`, since a like would
    /// otherwise move a post in every follower's rows. The migration fills it from the posts and
    /// follows already stored.
    static let homeTimeline = Migration(
        version: "v5-home-timeline",
        statements: [
            """
            CREATE TABLE home_timeline (
                user_id text COLLATE "C" NOT NULL,
                created_at double precision NOT NULL,
                post_id text COLLATE "C" NOT NULL,
                PRIMARY KEY (user_id, created_at, post_id)
            )
            """,
            // A deleted post's rows are found here.
            "CREATE INDEX home_timeline_by_post ON home_timeline (post_id)",
            // The date orders' walk is gone with it; the like orders' index stays.
            "DROP INDEX posts_by_date",
            // The authors' transaction locks, in order so that two statements locking several
            // cannot deadlock: one of 1,024 locks per author (a lock table entry each, so a bulk
            // insert by many authors stays within a default server's lock table).
            """
            CREATE FUNCTION lock_home_timeline_authors(authors text[]) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_advisory_xact_lock(\(timelineLockNamespace), slot)
                FROM (SELECT DISTINCT hashtext(a) & 1023 AS slot FROM unnest(authors) a ORDER BY slot) slots;
            END $$
            """,
        ]
            + timelineTrigger(
                "home_timeline_posts_added", after: "INSERT", on: "posts", authors: "author_id",
                change: """
                    INSERT INTO home_timeline (user_id, created_at, post_id)
                    SELECT f.follower_id, r.created_at, r.id FROM changed r JOIN follows f ON f.followee_id = r.author_id
                    UNION ALL
                    SELECT r.author_id, r.created_at, r.id FROM changed r
                    ON CONFLICT DO NOTHING
                    """)
            // Also when a deleted user's posts go by cascade.
            + timelineTrigger(
                "home_timeline_posts_removed", after: "DELETE", on: "posts", authors: "author_id",
                change: "DELETE FROM home_timeline t USING changed r WHERE t.post_id = r.id")
            + timelineTrigger(
                "home_timeline_follows_added", after: "INSERT", on: "follows", authors: "followee_id",
                change: """
                    INSERT INTO home_timeline (user_id, created_at, post_id)
                    SELECT r.follower_id, p.created_at, p.id FROM changed r JOIN posts p ON p.author_id = r.followee_id
                    ON CONFLICT DO NOTHING
                    """)
            // A user's own posts stay in their feed even if a follow of themselves ends.
            + timelineTrigger(
                "home_timeline_follows_removed", after: "DELETE", on: "follows", authors: "followee_id",
                change: """
                    DELETE FROM home_timeline t USING changed r, posts p
                    WHERE r.follower_id <> r.followee_id AND p.author_id = r.followee_id
                        AND t.user_id = r.follower_id AND t.created_at = p.created_at AND t.post_id = p.id
                    """)
            + [
                """
                INSERT INTO home_timeline (user_id, created_at, post_id)
                SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN posts p ON p.author_id = f.followee_id
                UNION
                SELECT p.author_id, p.created_at, p.id FROM posts p
                """
            ])

    /// A trigger run once per statement that inserts into or deletes from `table`: it locks the
    /// authors in column `authors` of the rows changed (the transition table `changed`), then runs
    /// `change`.
    static func timelineTrigger(_ name: String, after event: String, on table: String, authors: String, change: String)
        -> [String]
    {
        [
            """
            CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql
            SET search_path FROM CURRENT AS $$
            BEGIN
                PERFORM lock_home_timeline_authors(ARRAY(SELECT \(authors) FROM changed));
                \(change);
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER \(name) AFTER \(event) ON \(table)
            REFERENCING \(event == "DELETE" ? "OLD" : "NEW") TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION \(name)()
            """,
        ]
    }

    /// The first key of the home timeline's author locks ("SoTL"), apart from the migration lock's.
    static let timelineLockNamespace: Int32 = 0x536F_544C
}
