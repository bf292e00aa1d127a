import { describe, expect, it } from '@jest/globals';
import { contactFormSending, sameSiteSubresources } from '../../../lambdas/html/form-page-reading.js';
import { readPage } from '../../../lambdas/html/page-tree.js';

describe('how a browser sends the form to /contact (what synth and start-up judge)', () => {
  const sending = (form: string, body = '<input name="name">') => contactFormSending(readPage(`<!doctype html><title>x</title>${form}${body}</form>`, '/contact/'));

  it.each([
    ['<form method="post" action="/contact">', 'post'],
    ['<form method="POST" action="/contact">', 'post'],
    ['<form action="/contact">', 'get'],
    ['<form method="get" action="/contact">', 'get'],
    ['<form method=" post" action="/contact">', 'get'],
    ['<form method="posts" action="/contact">', 'get'],
    ['<form method="dialog" action="/contact">', 'dialog'],
  ])('reads %s as a form whose method is %s, as the standard reads the attribute', (form, state) => {
    expect(sending(form)?.method.state).toBe(state);
  });

  it.each([
    ['<form method="post" action="/contact" data-success-path="/thanks/">', '/thanks/'],
    ['<form method="post" action="/contact" DATA-SUCCESS-PATH="&#x2F;thanks&sol;?a=1&amp;b=2">', '/thanks/?a=1&b=2'],
    ['<form method="post" action="/contact" data-success-path="/thanks/" data-success-path="//evil.example">', '/thanks/'],
    ['<form method="post" action="/contact" data-success-path>', ''],
    ['<form method="post" action="/contact">', undefined],
    ['<form method="post" action="/subscribe" data-success-path="/merci/"></form><form method="post" action="/contact">', undefined],
  ])('reads the thank-you page of %s as a browser’s dataset does: %j', (form, successPath) => {
    expect(sending(form)?.successPath).toBe(successPath);
  });

  it('takes the first form that posts to /contact, else the first to /contact whatever its method', () => {
    expect(sending('<form action="/contact"></form><form method="post" action="/contact">')?.method).toEqual({ written: 'post', state: 'post' });
    expect(sending('<form method="get" action="/contact"></form><form action="/elsewhere" method="post">')?.method).toEqual({ written: 'get', state: 'get' });
  });

  it.each([
    ['', 'application/x-www-form-urlencoded'],
    [' enctype="Multipart/Form-Data"', 'multipart/form-data'],
    [' enctype="text/plain"', 'text/plain'],
    [' enctype="application/x-www-form-urlencoded; charset=utf-8"', 'application/x-www-form-urlencoded'],
    [' enctype=" multipart/form-data"', 'application/x-www-form-urlencoded'],
  ])('reads the encoding of a form with%s as %s', (attribute, state) => {
    expect(sending(`<form method="post" action="/contact"${attribute}>`)?.enctype.state).toBe(state);
  });

  it('gives each submit button’s own method and encoding, and none of a button that submits nothing', () => {
    const form = sending(
      '<form method="post" action="/contact">',
      '<button formmethod="GET" formenctype="text/plain">A</button><input type="submit" formmethod="nonsense"><input type="image" formenctype="nonsense"><button type="button" formmethod="get">B</button><input type="reset" formenctype="text/plain">',
    );
    expect(form?.buttonMethods).toEqual([{ written: 'GET', state: 'get' }, { written: 'nonsense', state: 'get' }]);
    expect(form?.buttonEnctypes).toEqual([{ written: 'text/plain', state: 'text/plain' }, { written: 'nonsense', state: 'application/x-www-form-urlencoded' }]);
  });

  it.each([
    ['two inputs', '<input name="email"><input name="email" type="hidden">', ['email']],
    ['an input and a textarea', '<input name="message"><textarea name="message"></textarea>', ['message']],
    ['two checkboxes', '<input type="checkbox" name="company" value="a"><input type="checkbox" name="company" value="b">', ['company']],
    ['a radio group and an input', '<input type="radio" name="company" value="a"><input type="radio" name="company" value="b"><input name="company">', ['company']],
    ['a submit button and an input', '<input name="company"><button name="company" value="a">Send</button>', ['company']],
    ['an input and one outside the form that names it', '<input name="email"></form><input name="email" form="f"><form>', ['email']],
    ['a radio group', '<input type="radio" name="company" value="a"><input type="radio" name="company" value="b">', []],
    ['submit buttons, of which a post sends the one pressed', '<button name="company" value="a">A</button><input type="submit" name="company" value="b">', []],
    ['buttons that submit nothing', '<input name="email"><button type="button" name="email">x</button><input type="reset" name="email">', []],
    ['controls without a name, or with an empty one', '<input><input name=""><input name="">', []],
    ['a control of another form', '<input name="email"><input name="email" form="other">', []],
  ])('finds a name a post sends more than once, with %s', (_case, controls, repeated) => {
    expect(sending('<form method="post" action="/contact" id="f">', `<input name="name">${controls}`)?.repeated).toEqual(repeated);
  });

  it('names the fields once each, and never one a post cannot send', () => {
    expect(sending('<form method="post" action="/contact">', '<input name="email"><input name="email"><button type="button" name="toggle">x</button><input name="">')?.fields).toEqual(['email']);
  });

  it('names the fields the hidden attribute keeps from a person, theirs or around them, as a spam trap is kept: never a hidden input, one with a value, a submit button or until-found', () => {
    const form = sending(
      '<form method="post" action="/contact">',
      '<div hidden><input name="trap"><textarea name="note"></textarea><button name="send">x</button><input name="page" value="blog"></div><input name="shown"><input hidden name="own">' +
        '<input type="hidden" name="source"><div hidden="until-found"><input name="found"></div><div hidden="hidden"><p><select name="pick"></select></p></div>',
    );
    expect(form?.unseen).toEqual(['trap', 'note', 'own', 'pick']);
  });
});

describe('the style sheets and scripts of the site a form page loads (what synth and start-up look for)', () => {
  it('resolves each as the browser does, against the page or its <base>, once each, in tree order', () => {
    const page = [
      '<link rel="stylesheet" href="/site.css"><link rel="icon" href="/favicon.ico"><link rel="STYLESHEET alternate" href="print.css">',
      '<script src="../contact-form.js"></script><script>inline()</script><script src=""></script><script src="/site.css"></script>',
      '<script src="https://cdn.example/x.js"></script><script src="//cdn.example/y.js"></script>',
    ].join('');
    expect(sameSiteSubresources(readPage(page, '/contact/'))).toEqual(['/site.css', '/contact/print.css', '/contact-form.js']);
    expect(sameSiteSubresources(readPage(`<base href="/assets/">${page}`, '/contact/'))).toEqual(['/site.css', '/assets/print.css', '/contact-form.js']);
  });

  it('is none for a page that loads nothing of the site', () => {
    expect(sameSiteSubresources(readPage('<p>Write to me</p><script src="https://cdn.example/x.js"></script>', '/contact/'))).toEqual([]);
  });
});
