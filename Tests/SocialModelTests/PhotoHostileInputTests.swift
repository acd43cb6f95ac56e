import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import SocialModel
import SocialModelPhotos
import TestSupport
import Testing

/// Uploaded photos decode under the SDK's one policy (issue 15): corrupt data, an image over the
/// pixel limit and a small file declaring a huge image are all `PhotoError.unusable`, in Imaging's
/// own words, from both shapes the libvips processor makes (bounded posts, square avatars).
@Suite("Photos: hostile uploads")
struct PhotoHostileInputTests {
    static let pixelLimit = 50_000_000

    /// Imaging's typed refusal of `data` under the processor's options, nil if Imaging takes it.
    /// The pixels are decoded (libvips reads lazily), as the processor does.
    func imagingRefusal(_ data: Data) -> ImagingError? {
        do {
            _ = try Image(data: data, options: Image.LoadOptions(pixelLimit: Self.pixelLimit, autorotate: true))
                .materialized()
            return nil
        } catch {
            return error
        }
    }

    /// Runs both processor shapes on `data`: the reason each refused it with, nil if one took it.
    func refusals(_ data: Data) async -> [String?] {
        let processor = VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false))
        var reasons: [String?] = []
        do {
            _ = try await processor.squares(data, sizes: [320], pixelLimit: Self.pixelLimit)
            reasons.append(nil)
        } catch {
            if case .unusable(let reason) = error { reasons.append(reason) } else { reasons.append(nil) }
        }
        do {
            _ = try await processor.bounded(data, sizes: [1080], pixelLimit: Self.pixelLimit, filter: nil, seed: 1)
            reasons.append(nil)
        } catch {
            if case .unusable(let reason) = error { reasons.append(reason) } else { reasons.append(nil) }
        }
        return reasons
    }

    @Test func corruptJPEGDataIsRefused() async throws {
        let data = try HostileFiles.corruptJPEG()
        let cause = try #require(imagingRefusal(data))
        guard case .decodeFailed = cause else {
            Issue.record("expected decodeFailed, got \(cause)")
            return
        }
        // Both shapes refuse it as a decode failure, in Imaging's words. The text after that is
        // not compared: libvips keeps one error buffer for the whole process, so while another
        // suite's decode fails at the same moment the message can carry that failure's lines too
        // (one CI run failed on the exact text).
        let decodeFailure = ImagingError.decodeFailed(message: "").description
        let reasons = await refusals(data)
        #expect(
            reasons.count == 2 && reasons.allSatisfy { $0?.hasPrefix(decodeFailure) == true },
            "each refusal should be a decode failure: \(reasons)")
    }

    @Test func anImageOverThePixelLimitIsRefusedFromItsHeader() async throws {
        let cause = ImagingError.tooLarge(width: 14_000, height: 14_000, limit: Self.pixelLimit)
        #expect(await refusals(try HostileFiles.hugeHeaderJPEG()) == Array(repeating: cause.description, count: 2))
    }

    @Test func aSmallFileDeclaringAHugeImageIsRefusedByTheWorkBound() async throws {
        // A 64×64 JPEG of about a kilobyte whose header claims 36 megapixels: under the photo
        // pixel limit, but far more pixels per byte than any photograph.
        let small = try Image(data: Samples.data("rocket.jpg")).resized(width: 64, height: 64).encoded(
            as: .jpeg(quality: 80))
        let data = try HostileFiles.hugeHeaderJPEG(width: 6_000, height: 6_000, from: small)
        let cause = try #require(imagingRefusal(data))
        guard case .overWorkLimit(let width, let height, _, _) = cause, width == 6_000, height == 6_000 else {
            Issue.record("expected overWorkLimit, got \(cause)")
            return
        }
        #expect(await refusals(data) == Array(repeating: cause.description, count: 2))
    }
}
