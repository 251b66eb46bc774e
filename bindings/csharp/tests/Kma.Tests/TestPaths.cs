using System;
using System.Linq;
using System.Reflection;

namespace Kma.Tests;

/// <summary>Where the bundled model and the golden files are.</summary>
internal static class TestPaths
{
    internal static string ModelPath => Lookup("KMA_TEST_MODEL", "KmaModelPath");
    internal static string GoldenDir => Lookup("KMA_GOLDEN_DIR", "KmaGoldenDir");
    internal static string IncludeDir => Lookup("KMA_INCLUDE_DIR", "KmaIncludeDir");

    private static string Lookup(string env, string metadataKey)
    {
        string? v = Environment.GetEnvironmentVariable(env);
        if (!string.IsNullOrEmpty(v)) return v;
        v = typeof(TestPaths).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(a => a.Key == metadataKey)?.Value;
        if (string.IsNullOrEmpty(v))
            throw new InvalidOperationException(
                $"set {env} or build with -p:{metadataKey}=...");
        return v;
    }
}

/// <summary>One model shared by all tests of a class (models are thread-safe).</summary>
public sealed class ModelFixture : IDisposable
{
    public Model Model { get; } = Model.Open(TestPaths.ModelPath);
    public void Dispose() => Model.Dispose();
}
