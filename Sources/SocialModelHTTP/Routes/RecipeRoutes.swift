import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Recipes: pages of all of them and of the user's liked ones, details, publishing (the
    /// photo, if any, base64 in the JSON draft), likes, deletion by the author, and photos.
    func addRecipeRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("recipes") { request, _ in
            _ = try await session(request)
            let (number, order) = try RequestQuery(request: request).recipePage(liked: false)
            return try HTTPJSON.response(try await recipes.page(number, order: order))
        }
        routes.post("recipes") { request, _ in
            let me = try await recipeSession(request)
            // Base64 makes a photo a third larger than its bytes.
            let limit = limits.jsonBodyBytes + limits.photoBodyBytes / 3 * 4 + 4
            let draft = try await HTTPJSON.body(RecipeDraft.self, of: request, limit: limit)
            let recipe = try await me.publish(draft)
            return try CreatedResponse.json(recipe, for: request, routeSegments: 1, at: "recipes", recipe.id.rawValue)
        }
        routes.get("recipes/:recipeID") { request, context in
            let me = try await recipeSession(request)
            return try HTTPJSON.response(
                try await me.detail(recipeID: context.parameters.id("recipeID", RecipeID.self)))
        }
        routes.delete("recipes/:recipeID") { request, context in
            try await recipeSession(request).delete(recipeID: context.parameters.id("recipeID", RecipeID.self))
            return Response(status: .noContent)
        }
        routes.put("recipes/:recipeID/like") { request, context in
            let me = try await recipeSession(request)
            return try HTTPJSON.response(try await me.like(recipeID: context.parameters.id("recipeID", RecipeID.self)))
        }
        routes.delete("recipes/:recipeID/like") { request, context in
            let me = try await recipeSession(request)
            return try HTTPJSON.response(
                try await me.unlike(recipeID: context.parameters.id("recipeID", RecipeID.self)))
        }
        getAndHead("recipes/:recipeID/photo/:size", on: routes) { request, context in
            let jpeg = try await recipes.photo(
                recipeID: context.parameters.id("recipeID", RecipeID.self), size: context.parameters.integer(.size))
            return PhotoResponse.jpeg(jpeg, for: request, cacheControl: "public, max-age=31536000, immutable")
        }
        routes.get("me/liked-recipes") { request, _ in
            let me = try await recipeSession(request)
            return try HTTPJSON.response(
                try await me.likedPage(try RequestQuery(request: request).recipePage(liked: true).number))
        }
    }

    /// The signed-in user's recipe services, from the request's bearer token.
    func recipeSession(_ request: Request) async throws -> RecipeSession {
        recipes.session(try await session(request).account)
    }
}
