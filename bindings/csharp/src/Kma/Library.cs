using System;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Kma.Native;

namespace Kma;

/// <summary>Library-wide information: versions, instruction set, tag names.</summary>
public static class Library
{
    private static readonly string[] TagNames = LoadTagNames();

    /// <summary>Version of the native library, e.g. "0.1.0".</summary>
    public static string Version => Utf8.FromPtr(KmaNative.kma_version_string());

    /// <summary>Instruction set the scoring kernels use ("scalar", "avx2", ...).</summary>
    public static string ActiveIsa => Utf8.FromPtr(KmaNative.kma_active_isa_name());

    /// <summary>Name of a tag number; "UN" for unknown numbers.</summary>
    public static string TagName(ushort tag) =>
        tag < TagNames.Length ? TagNames[tag] : TagNames[0];

    private static string[] LoadTagNames()
    {
        // Tag names are static in the library; caching them avoids a
        // P/Invoke and a string allocation per token.
        var names = new string[KmaNative.kma_tag_count()];
        for (int i = 0; i < names.Length; i++)
            names[i] = Utf8.FromPtr(KmaNative.kma_tag_name((ushort)i));
        return names;
    }
}

/// <summary>
/// Lets KMA_CSHARP_NATIVE point at a specific libkma_csharp (for custom
/// layouts); otherwise the runtime's normal probing applies (the assembly's
/// directory, runtimes/&lt;rid&gt;/native from NuGet, LD_LIBRARY_PATH).
/// </summary>
internal static class NativeLibraryResolver
{
    // A library may use a module initializer here: the resolver must be in
    // place before the first P/Invoke, whichever public type is touched first.
#pragma warning disable CA2255
    [ModuleInitializer]
#pragma warning restore CA2255
    internal static void Register() =>
        NativeLibrary.SetDllImportResolver(typeof(NativeLibraryResolver).Assembly, Resolve);

    private static IntPtr Resolve(string name, Assembly assembly, DllImportSearchPath? path)
    {
        if (name != "kma_csharp") return IntPtr.Zero;
        string? overridePath = Environment.GetEnvironmentVariable("KMA_CSHARP_NATIVE");
        if (!string.IsNullOrEmpty(overridePath) && File.Exists(overridePath))
            return NativeLibrary.Load(overridePath);
        return IntPtr.Zero;  // default probing
    }
}
