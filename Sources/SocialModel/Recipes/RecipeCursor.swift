/// Where the next page of a recipe list starts, for paging recipes as the network's lists page
/// (a page's ``RecipePage/next`` passed back as `after`): which list (all recipes in one order, or
/// a user's liked ones) and the page that comes next.
///
/// Recipe lists are still counted from their start, so a recipe published (or liked) between two
/// pages shifts the later ones by one, as page numbers do.
public struct RecipeCursor: Sendable, Hashable, OpaqueCursor {
    /// The order of the list of all recipes, or `nil` for the signed-in user's liked recipes.
    public var order: RecipeOrder?
    /// The page the cursor leads to, from 1.
    public var page: Int

    /// Creates a cursor.
    /// - Parameters:
    ///   - order: the order of the list of all recipes, or `nil` for the liked recipes.
    ///   - page: the page it leads to, from 1.
    public init(order: RecipeOrder?, page: Int) {
        self.order = order
        self.page = page
    }

    /// Reads a cursor from its text.
    /// - Parameter description: the text ``description`` gave.
    public init?(_ description: String) {
        guard let fields = CursorText.decode(description, tag: "r1", count: 2), let page = Int(fields[1]), page >= 1
        else { return nil }
        if fields[0] == Self.liked {
            self.init(order: nil, page: page)
        } else if let order = RecipeOrder(rawValue: fields[0]) {
            self.init(order: order, page: page)
        } else {
            return nil
        }
    }

    /// The cursor as an opaque token.
    public var description: String { CursorText.encode("r1", [order?.rawValue ?? Self.liked, String(page)]) }

    static let liked = "liked"
}
