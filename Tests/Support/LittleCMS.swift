import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// LittleCMS 2 (the library libvips converts colour with), opened at run time so the tests need
/// no headers or tools beyond the library libvips already depends on. It makes the ICC profiles
/// of the colour tests and is their reference: what LittleCMS itself says a pixel's colour is.
public final class LittleCMS: @unchecked Sendable {
    /// An RGB colour space the tests encode a scene in.
    public enum RGBSpace: String, Sendable, CaseIterable, CustomStringConvertible {
        case sRGB, displayP3, adobeRGB, proPhoto, rec2020

        /// The name, for test output.
        public var description: String { rawValue }
    }

    /// The library, or why it could not be opened.
    public static let shared: Result<LittleCMS, LittleCMSError> = Result {
        () throws(LittleCMSError) -> LittleCMS in try LittleCMS()
    }

    private typealias Pointer = UnsafeMutableRawPointer
    private let createRGB: @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer) -> Pointer?
    private let createGray: @convention(c) (UnsafeRawPointer, Pointer?) -> Pointer?
    private let parametricCurve: @convention(c) (Pointer?, Int32, UnsafePointer<Double>) -> Pointer?
    private let freeCurve: @convention(c) (Pointer?) -> Void
    private let saveToMemory: @convention(c) (Pointer?, Pointer?, UnsafeMutablePointer<UInt32>) -> Int32
    private let openFromMemory: @convention(c) (UnsafeRawPointer, UInt32) -> Pointer?
    private let closeProfile: @convention(c) (Pointer?) -> Int32
    private let createSRGB: @convention(c) () -> Pointer?
    private let createLab: @convention(c) (UnsafeRawPointer?) -> Pointer?
    private let createTransform: @convention(c) (Pointer?, UInt32, Pointer?, UInt32, UInt32, UInt32) -> Pointer?
    private let doTransform: @convention(c) (Pointer?, UnsafeRawPointer, Pointer, UInt32) -> Void
    private let deleteTransform: @convention(c) (Pointer?) -> Void
    private let deltaE2000Function:
        @convention(c) (UnsafeRawPointer, UnsafeRawPointer, Double, Double, Double) -> Double

    // LittleCMS pixel formats (lcms2.h): RGB, grey and Lab as doubles (RGB and grey 0…1).
    private static let rgbDouble: UInt32 = (1 << 22) | (4 << 16) | (3 << 3)
    private static let grayDouble: UInt32 = (1 << 22) | (3 << 16) | (1 << 3)
    private static let labDouble: UInt32 = (1 << 22) | (10 << 16) | (3 << 3)
    private static let relativeColorimetric: UInt32 = 1

    private init() throws(LittleCMSError) {
        let names = ["liblcms2.so.2", "liblcms2.so", "liblcms2.2.dylib", "/opt/homebrew/lib/liblcms2.2.dylib"]
        guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else {
            throw .unavailable("liblcms2 not found")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(LittleCMSError) -> T {
            guard let address = dlsym(library, name) else { throw .unavailable("liblcms2 has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        createRGB = try symbol("cmsCreateRGBProfile", as: type(of: createRGB))
        createGray = try symbol("cmsCreateGrayProfile", as: type(of: createGray))
        parametricCurve = try symbol("cmsBuildParametricToneCurve", as: type(of: parametricCurve))
        freeCurve = try symbol("cmsFreeToneCurve", as: type(of: freeCurve))
        saveToMemory = try symbol("cmsSaveProfileToMem", as: type(of: saveToMemory))
        openFromMemory = try symbol("cmsOpenProfileFromMem", as: type(of: openFromMemory))
        closeProfile = try symbol("cmsCloseProfile", as: type(of: closeProfile))
        createSRGB = try symbol("cmsCreate_sRGBProfile", as: type(of: createSRGB))
        createLab = try symbol("cmsCreateLab4Profile", as: type(of: createLab))
        createTransform = try symbol("cmsCreateTransform", as: type(of: createTransform))
        doTransform = try symbol("cmsDoTransform", as: type(of: doTransform))
        deleteTransform = try symbol("cmsDeleteTransform", as: type(of: deleteTransform))
        deltaE2000Function = try symbol("cmsCIE2000DeltaE", as: type(of: deltaE2000Function))
    }

    /// The ICC profile of `space`, made by LittleCMS from the space's published primaries, white
    /// point and tone curve (sRGB is LittleCMS' own built-in).
    public func profile(_ space: RGBSpace) throws(LittleCMSError) -> [UInt8] {
        // x, y, Y of the white point, then of red, green and blue.
        let d65 = [0.3127, 0.3290, 1.0]
        let d50 = [0.3457, 0.3585, 1.0]
        // Parametric curve type 4: Y = (aX + b)^g above d, cX below; type 1: Y = X^g.
        let srgbCurve: (Int32, [Double]) = (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        let primaries: [Double]
        let white: [Double]
        let curve: (Int32, [Double])
        switch space {
        case .sRGB:
            return try saved(createSRGB())
        case .displayP3:
            (white, primaries, curve) = (d65, [0.680, 0.320, 1, 0.265, 0.690, 1, 0.150, 0.060, 1], srgbCurve)
        case .adobeRGB:
            (white, primaries, curve) = (d65, [0.64, 0.33, 1, 0.21, 0.71, 1, 0.15, 0.06, 1], (1, [563.0 / 256]))
        case .proPhoto:
            (white, primaries, curve) = (d50, [0.7347, 0.2653, 1, 0.1596, 0.8404, 1, 0.0366, 0.0001, 1], (1, [1.8]))
        case .rec2020:
            let bt709: (Int32, [Double]) = (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
            (white, primaries, curve) = (d65, [0.708, 0.292, 1, 0.170, 0.797, 1, 0.131, 0.046, 1], bt709)
        }
        let tone = curve.1.withUnsafeBufferPointer { parametricCurve(nil, curve.0, $0.baseAddress!) }
        defer { freeCurve(tone) }
        let curves = [tone, tone, tone]
        let made = white.withUnsafeBytes { whiteBytes in
            primaries.withUnsafeBytes { primaryBytes in
                curves.withUnsafeBytes {
                    createRGB(whiteBytes.baseAddress!, primaryBytes.baseAddress!, $0.baseAddress!)
                }
            }
        }
        return try saved(made)
    }

    /// A grey profile with D50 white and `gamma`.
    public func grayProfile(gamma: Double) throws(LittleCMSError) -> [UInt8] {
        let tone = [gamma].withUnsafeBufferPointer { parametricCurve(nil, 1, $0.baseAddress!) }
        defer { freeCurve(tone) }
        return try saved([0.3457, 0.3585, 1.0].withUnsafeBytes { createGray($0.baseAddress!, tone) })
    }

    /// CIE L*a*b* (D50) of RGB values 0…1, interleaved, read through `profile` (relative
    /// colorimetric, as libvips converts).
    public func lab(ofRGB rgb: [Double], profile: [UInt8]) throws(LittleCMSError) -> [[Double]] {
        try transform(rgb, from: profile, format: Self.rgbDouble, toLab: true).chunked(3)
    }

    /// CIE L*a*b* (D50) of grey values 0…1 read through a grey `profile`.
    public func lab(ofGray gray: [Double], profile: [UInt8]) throws(LittleCMSError) -> [[Double]] {
        try transform(gray, from: profile, format: Self.grayDouble, toLab: true).chunked(3)
    }

    /// RGB values 0…1 in `profile`'s space of CIE L*a*b* (D50) colours.
    public func rgb(ofLab lab: [[Double]], profile: [UInt8]) throws(LittleCMSError) -> [Double] {
        try transform(lab.flatMap { $0 }, from: profile, format: Self.rgbDouble, toLab: false)
    }

    /// The CIEDE2000 colour difference.
    public func deltaE2000(_ first: [Double], _ second: [Double]) -> Double {
        first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in deltaE2000Function(a.baseAddress!, b.baseAddress!, 1, 1, 1) }
        }
    }

    private func transform(_ values: [Double], from profile: [UInt8], format: UInt32, toLab: Bool)
        throws(LittleCMSError)
        -> [Double]
    {
        guard let device = profile.withUnsafeBytes({ openFromMemory($0.baseAddress!, UInt32($0.count)) }) else {
            throw .failed("cannot open the profile")
        }
        defer { _ = closeProfile(device) }
        let lab = createLab(nil)
        defer { _ = closeProfile(lab) }
        let channels = Int((format >> 3) & 15)
        let transform =
            toLab
            ? createTransform(device, format, lab, Self.labDouble, Self.relativeColorimetric, 0)
            : createTransform(lab, Self.labDouble, device, format, Self.relativeColorimetric, 0)
        guard let transform else { throw .failed("cannot make the transform") }
        defer { deleteTransform(transform) }
        let pixels = values.count / (toLab ? channels : 3)
        var out = [Double](repeating: 0, count: pixels * (toLab ? 3 : channels))
        values.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { doTransform(transform, input.baseAddress!, $0.baseAddress!, UInt32(pixels)) }
        }
        return out
    }

    private func saved(_ profile: Pointer?) throws(LittleCMSError) -> [UInt8] {
        guard let profile else { throw .failed("cannot make the profile") }
        defer { _ = closeProfile(profile) }
        var length: UInt32 = 0
        guard saveToMemory(profile, nil, &length) != 0, length > 0 else { throw .failed("cannot save the profile") }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBytes({ saveToMemory(profile, $0.baseAddress, &length) }) != 0 else {
            throw .failed("cannot save the profile")
        }
        return bytes
    }
}

/// Why LittleCMS could not be used.
public enum LittleCMSError: Error, Sendable {
    /// The library or one of its functions is missing.
    case unavailable(String)
    /// LittleCMS refused a request.
    case failed(String)
}

extension Array {
    /// The elements in consecutive groups of `size`.
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
