import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Reports and moderation: `POST /reports` (a `ReportRequest`; `204` whether it made a new
    /// report or one was already open), `GET /me/reports` (the signed-in user's reports with
    /// their outcomes), and for moderators only (`403` for anyone else) `GET /moderation/reports`
    /// (the queue, oldest first), `POST /moderation/reports/{reportID}/decision` (a
    /// `ModerationDecisionRequest`; answers the audit entry) and `GET /moderation/log`.
    func addModerationRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.post("reports") { request, _ in
            let me = try await session(request)
            let body = try await HTTPJSON.body(ReportRequest.self, of: request, limit: limits.jsonBodyBytes)
            try await me.moderation.report(body.target, reason: body.reason, note: body.note)
            return Response(status: .noContent)
        }
        routes.get("me/reports") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.moderation.myReports(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.get("moderation/reports") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.moderation.queue(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.post("moderation/reports/:reportID/decision") { request, context in
            let me = try await session(request)
            let body = try await HTTPJSON.body(
                ModerationDecisionRequest.self, of: request, limit: limits.jsonBodyBytes)
            return try HTTPJSON.response(
                try await me.moderation.decide(
                    reportID: context.parameters.id("reportID", ReportID.self), body.decision, reason: body.reason,
                    until: body.until))
        }
        routes.get("moderation/log") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.moderation.log(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
    }
}
