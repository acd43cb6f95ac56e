import Foundation
import Imaging
import SocialModel
import TestSupport
import Testing

/// Uploaded photos decode under the SDK's one policy (issue 15): corrupt data, an image over the
/// pixel limit and a small file declaring a huge image are all `PhotoError.unusable` with
/// Imaging's typed cause, from both processors.
@Suite("Photos: hostile uploads")
struct PhotoHostileInputTests {
    /// Runs both processors on `data`: the Imaging error each refused it with, nil if one took it.
    func refusals(_ data: Data) -> [ImagingError?] {
        var causes: [ImagingError?] = []
        do {
            _ = try SquarePhotoProcessor().process(data)
            causes.append(nil)
        } catch {
            switch error {
            case .unusable(let cause): causes.append(cause)
            }
        }
        do {
            _ = try BoundedPhotoProcessor().process(data)
            causes.append(nil)
        } catch {
            if case .unusable(let cause) = error as? PhotoError { causes.append(cause) } else { causes.append(nil) }
        }
        return causes
    }

    @Test func corruptJPEGDataIsRefused() throws {
        let causes = refusals(try HostileFiles.corruptJPEG())
        #expect(causes.count == 2)
        for cause in causes {
            guard case .decodeFailed = cause else {
                Issue.record("expected decodeFailed, got \(String(describing: cause))"); continue
            }
        }
    }

    @Test func anImageOverThePixelLimitIsRefusedFromItsHeader() throws {
        let causes = refusals(try HostileFiles.hugeHeaderJPEG())
        #expect(causes == Array(repeating: .tooLarge(width: 14_000, height: 14_000, limit: 50_000_000), count: 2))
    }

    @Test func aSmallFileDeclaringAHugeImageIsRefusedByTheWorkBound() throws {
        // A 64×64 JPEG of about a kilobyte whose header claims 36 megapixels: under the photo
        // pixel limit, but far more pixels per byte than any photograph.
        let small = try Image(data: Samples.data("rocket.jpg")).resized(width: 64, height: 64).encoded(
            as: .jpeg(quality: 80))
        let causes = refusals(try HostileFiles.hugeHeaderJPEG(width: 6_000, height: 6_000, from: small))
        #expect(causes.count == 2)
        for cause in causes {
            guard case .overWorkLimit(let width, let height, _, _) = cause, width == 6_000, height == 6_000 else {
                Issue.record("expected overWorkLimit, got \(String(describing: cause))"); continue
            }
        }
    }
}
