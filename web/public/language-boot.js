// Set the language and direction before the first paint so that an Arabic user does not see the
// page flip from left-to-right to right-to-left while the bundle loads. A file of its own, not an
// inline script: the server's Content-Security-Policy runs scripts of this origin only.
try {
  if (localStorage.getItem('daftar.language') === 'ar') {
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
  }
} catch {
  // Storage refused (private mode): the bundle sets the language when it loads.
}
