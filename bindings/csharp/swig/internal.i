/* Keeps everything SWIG generates internal to the Kma assembly: users see
 * only the facade (Model, Analyzer, Token, KmaException, ...). */
%pragma(csharp) moduleclassmodifiers="internal class"
%pragma(csharp) imclassclassmodifiers="internal class"
%typemap(csclassmodifiers) SWIGTYPE, SWIGTYPE *, SWIGTYPE &, SWIGTYPE [],
                           SWIGTYPE (CLASS::*) "internal class"
%typemap(csclassmodifiers) enum SWIGTYPE "internal enum"
