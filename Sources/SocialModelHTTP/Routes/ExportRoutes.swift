import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// The signed-in user's data export (``SocialRoutes/exports``): `POST /me/export` starts one in
    /// the background (`202`, `Location: /me/export`; `409 export-in-progress` while one runs,
    /// `503 busy` while the server makes as many as it allows), `GET /me/export` tells where it
    /// stands, `GET /me/export/archive` hands the zip over once and deletes it (then
    /// `410 export-gone`; `404` after a server restart, which keeps no export). Only the owner
    /// reaches their export: the routes name no user.
    func addExportRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.post("me/export") { request, _ in
            let account = try await session(request).account
            let status = try await exporting { exports async throws(DataExportError) in
                try await exports.start(as: account)
            }
            var response = try HTTPJSON.response(status, status: .accepted)
            response.headers[.location] = CreatedResponse.location(
                request.uri.path, routeSegments: 2, ["me", "export"])
            return response
        }
        routes.get("me/export") { request, _ in
            let account = try await session(request).account
            return try HTTPJSON.response(
                try await exporting { exports async throws(DataExportError) in try await exports.status(as: account) })
        }
        routes.get("me/export/archive") { request, _ in
            let account = try await session(request).account
            let zip = try await exporting { exports async throws(DataExportError) in
                try await exports.download(as: account)
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/zip", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"social-export.zip\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: zip)))
        }
    }

    /// Runs `body` on the exports, answering a refusal as its JSON error.
    func exporting<T>(_ body: (DataExports) async throws(DataExportError) -> T) async throws(SocialAPIError) -> T {
        guard let exports else { throw .exportsOff }
        do {
            return try await body(exports)
        } catch {
            throw SocialAPIError(error)
        }
    }
}
