using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Kma.Tests;

public sealed class ThreadingTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public ThreadingTest(ModelFixture fixture) => _model = fixture.Model;

    [Fact]
    public void ThreadsShareOneModelWithAnAnalyzerEach()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "corpus.txt"));
        string[] expected = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "expected.tsv"));
        const int threads = 4;
        var failures = new string?[threads];
        var workers = Enumerable.Range(0, threads).Select(w => new Thread(() =>
        {
            try
            {
                using var analyzer = new Analyzer(_model);
                for (int round = 0; round < 3; round++)
                    for (int i = (w + round) % corpus.Length, n = 0; n < corpus.Length;
                         i = (i + 1) % corpus.Length, n++)
                    {
                        string got = analyzer.Analyze(corpus[i]).Best.ToString();
                        if (got != expected[i]) throw new Exception($"line {i + 1}: {got}");
                    }
            }
            catch (Exception e)
            {
                failures[w] = e.ToString();
            }
        })).ToList();
        workers.ForEach(t => t.Start());
        workers.ForEach(t => t.Join());
        Assert.All(failures, Assert.Null);
    }

    private static string LongText()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "corpus.txt"));
        var sb = new StringBuilder();
        for (int i = 0; i < 40; i++) sb.AppendJoin(' ', corpus).Append(' ');
        return sb.ToString();
    }

    [Fact]
    public void DisposeDuringAnalysisRaisesCleanly()
    {
        string text = LongText();
        int refusals = 0;
        for (int attempt = 0; attempt < 5; attempt++)
        {
            var analyzer = new Analyzer(_model);
            using var started = new ManualResetEventSlim();
            Exception? workerError = null;
            var worker = new Thread(() =>
            {
                started.Set();
                try
                {
                    analyzer.Analyze(text);
                }
                catch (Exception e)
                {
                    workerError = e;
                }
            });
            worker.Start();
            started.Wait();
            Thread.Sleep(2);
            KmaException? disposeError = null;
            try
            {
                analyzer.Dispose();
            }
            catch (KmaException e)
            {
                disposeError = e;
            }
            worker.Join();
            if (disposeError != null)
            {
                // Dispose lost the race with a running call: it refused, the
                // call finished normally, and a later Dispose succeeds.
                Assert.Null(workerError);
                Assert.Equal(KmaStatus.InvalidArgument, disposeError.Status);
                Assert.Contains("another thread", disposeError.Message);
                refusals++;
                analyzer.Dispose();
            }
            else
            {
                // Dispose won: the call must have been refused, not crashed.
                Assert.True(workerError is null or ObjectDisposedException, workerError?.ToString());
            }
            Assert.Throws<ObjectDisposedException>(() => analyzer.Analyze("가"));
            Assert.Throws<ObjectDisposedException>(() => analyzer.SplitSentences("가"));
            analyzer.Dispose();  // idempotent
        }
        // The analysis takes far longer than the 2 ms head start, so Dispose
        // must have hit a running call at least once.
        Assert.True(refusals > 0, "Dispose never overlapped a running analysis");
    }

    [Fact]
    public void ConcurrentCallsOnOneAnalyzerAreRefused()
    {
        string text = LongText();
        using var analyzer = new Analyzer(_model);
        int refused = 0, done = 0;
        Parallel.For(0, 4, _ =>
        {
            try
            {
                analyzer.Analyze(text);
                Interlocked.Increment(ref done);
            }
            catch (KmaException e) when (e.Status == KmaStatus.InvalidArgument)
            {
                Interlocked.Increment(ref refused);
            }
        });
        Assert.Equal(4, refused + done);
        Assert.True(done >= 1);
    }

    [Fact]
    public void ModelDisposedWhileAnalyzersRunKeepsThemWorking()
    {
        Model model = Model.Open(TestPaths.ModelPath);
        using var analyzer = new Analyzer(model);
        string before = analyzer.Analyze("서울에 갔다").Best.ToString();
        model.Dispose();
        model.Dispose();
        Assert.Equal(before, analyzer.Analyze("서울에 갔다").Best.ToString());
        Assert.Throws<ObjectDisposedException>(() => new Analyzer(model));
        Assert.Throws<ObjectDisposedException>(() => model.MorphemeCount);
    }
}
