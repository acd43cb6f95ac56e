import SocialModel
import Testing

@testable import SocialModelPostgres

/// The home feed's prepared statements are made once per plan, indexed by each order's
/// `statementIndex`: every pair must find its own name and text there, as the builder makes them.
@Suite("PostgreSQL home feed statements")
struct HomeFeedStatementsTests {
    @Test func everyOrderAndPlanFindsItsOwnStatement() {
        var names: Set<String> = []
        let plans: [any HomeFeedPlan.Type] = [FirstRead.self, PerAuthor.self, SessionFirstRead.self]
        for order in FeedOrder.statementOrders {
            for plan in plans {
                names.insert(check(order.shape, plan))
            }
        }
        #expect(names.count == 12)
        // Every order a caller can ask for has its statements.
        let orders: [FeedOrder] = [
            .init(.date, .descending), .init(.date, .ascending), .init(.likes, .descending), .init(.likes, .ascending),
        ]
        #expect(Set(orders.map { ObjectIdentifier($0.shape) }).count == 4)
        for order in orders {
            #expect(FeedOrder.statementOrders[order.statementIndex] == order)
        }
    }

    /// Checks one pair's statement against the builder; returns its name.
    private func check<Order: FeedOrderShape, Plan: HomeFeedPlan>(_: Order.Type, _: Plan.Type) -> String {
        let built = PostgresSocialStore.homeFeedQuery(
            Plan.viewer, Order.order, nil, 0, window: Plan.isFirstRead ? 1 : nil)
        #expect(HomeFeedShape<Order, Plan>.sql == built.sql)
        #expect(HomeFeedShape<Order, Plan>.name == Plan.statementName(Order.order))
        // A first read in a date order reads the home timeline; in a like order it walks.
        let timeline = Plan.isFirstRead && Order.order.key == .date
        #expect(HomeFeedShape<Order, Plan>.sql.contains("FROM home_timeline") == timeline)
        #expect(HomeFeedShape<Order, Plan>.name.contains("_timeline_") == timeline)
        return HomeFeedShape<Order, Plan>.name
    }
}
