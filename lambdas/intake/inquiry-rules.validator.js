// Generated from INTAKE_RULES (lambdas/inquiry/schema.ts) by lib/api/inquiry-validator-code.ts: do not edit.
import func1Module from "ajv/dist/runtime/ucs2length.js";
export const validate = /* @__PURE__ */ (() => {
const pattern4 = new RegExp("[^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFFA0\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]", "u");
const pattern5 = new RegExp("^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029=\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|=(?!\\?))*(?![\\s\\S])", "u");
const pattern6 = new RegExp("^(?=[^@]{1,64}@)(?![^@]*=\\?)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?![\\s\\S])", "u");
const pattern8 = new RegExp("^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[\\u0009\\u000A\\u000D])*(?![\\s\\S])", "u");
const pattern10 = new RegExp("^(?:https?://[^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F/?#]+(?:[/?#][^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]*)?)?(?![\\s\\S])", "u");
const pattern11 = new RegExp("^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*(?![\\s\\S])", "u");
const func1 = func1Module.default;

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inquiry !== undefined){
let data0 = data.inquiry;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.name === undefined){
const err0 = {instancePath:instancePath+"/inquiry",schemaPath:"#/properties/inquiry/required",keyword:"required",params:{missingProperty: "name"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data0.email === undefined){
const err1 = {instancePath:instancePath+"/inquiry",schemaPath:"#/properties/inquiry/required",keyword:"required",params:{missingProperty: "email"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0.message === undefined){
const err2 = {instancePath:instancePath+"/inquiry",schemaPath:"#/properties/inquiry/required",keyword:"required",params:{missingProperty: "message"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data0){
if(!((((((key0 === "name") || (key0 === "email")) || (key0 === "message")) || (key0 === "company")) || (key0 === "project_url")) || (key0 === "_gotcha"))){
const err3 = {instancePath:instancePath+"/inquiry",schemaPath:"#/properties/inquiry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data0.name !== undefined){
let data1 = data0.name;
if(typeof data1 === "string"){
if(!pattern4.test(data1)){
const err4 = {instancePath:instancePath+"/inquiry/name",schemaPath:"#/properties/inquiry/properties/name/allOf/0/pattern",keyword:"pattern",params:{pattern: "[^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFFA0\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(typeof data1 === "string"){
if(!pattern5.test(data1)){
const err5 = {instancePath:instancePath+"/inquiry/name",schemaPath:"#/properties/inquiry/properties/name/allOf/1/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029=\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|=(?!\\?))*(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(typeof data1 === "string"){
if(func1(data1) > 120){
const err6 = {instancePath:instancePath+"/inquiry/name",schemaPath:"#/properties/inquiry/properties/name/maxLength",keyword:"maxLength",params:{limit: 120}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/inquiry/name",schemaPath:"#/properties/inquiry/properties/name/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/inquiry/name",schemaPath:"#/properties/inquiry/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data0.email !== undefined){
let data2 = data0.email;
if(typeof data2 === "string"){
if(func1(data2) > 254){
const err9 = {instancePath:instancePath+"/inquiry/email",schemaPath:"#/properties/inquiry/properties/email/maxLength",keyword:"maxLength",params:{limit: 254}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern6.test(data2)){
const err10 = {instancePath:instancePath+"/inquiry/email",schemaPath:"#/properties/inquiry/properties/email/pattern",keyword:"pattern",params:{pattern: "^(?=[^@]{1,64}@)(?![^@]*=\\?)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/inquiry/email",schemaPath:"#/properties/inquiry/properties/email/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data0.message !== undefined){
let data3 = data0.message;
if(typeof data3 === "string"){
if(!pattern4.test(data3)){
const err12 = {instancePath:instancePath+"/inquiry/message",schemaPath:"#/properties/inquiry/properties/message/allOf/0/pattern",keyword:"pattern",params:{pattern: "[^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFFA0\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(typeof data3 === "string"){
if(!pattern8.test(data3)){
const err13 = {instancePath:instancePath+"/inquiry/message",schemaPath:"#/properties/inquiry/properties/message/allOf/1/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[\\u0009\\u000A\\u000D])*(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(typeof data3 === "string"){
if(func1(data3) > 5000){
const err14 = {instancePath:instancePath+"/inquiry/message",schemaPath:"#/properties/inquiry/properties/message/maxLength",keyword:"maxLength",params:{limit: 5000}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data3) < 20){
const err15 = {instancePath:instancePath+"/inquiry/message",schemaPath:"#/properties/inquiry/properties/message/minLength",keyword:"minLength",params:{limit: 20}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/inquiry/message",schemaPath:"#/properties/inquiry/properties/message/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data0.company !== undefined){
let data4 = data0.company;
if(typeof data4 === "string"){
if(func1(data4) > 120){
const err17 = {instancePath:instancePath+"/inquiry/company",schemaPath:"#/properties/inquiry/properties/company/maxLength",keyword:"maxLength",params:{limit: 120}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern5.test(data4)){
const err18 = {instancePath:instancePath+"/inquiry/company",schemaPath:"#/properties/inquiry/properties/company/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029=\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|=(?!\\?))*(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/inquiry/company",schemaPath:"#/properties/inquiry/properties/company/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data0.project_url !== undefined){
let data5 = data0.project_url;
if(typeof data5 === "string"){
if(!pattern10.test(data5)){
const err20 = {instancePath:instancePath+"/inquiry/project_url",schemaPath:"#/properties/inquiry/properties/project_url/allOf/0/pattern",keyword:"pattern",params:{pattern: "^(?:https?://[^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F/?#]+(?:[/?#][^\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]*)?)?(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(typeof data5 === "string"){
if(!pattern11.test(data5)){
const err21 = {instancePath:instancePath+"/inquiry/project_url",schemaPath:"#/properties/inquiry/properties/project_url/allOf/1/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(typeof data5 === "string"){
if(func1(data5) > 2048){
const err22 = {instancePath:instancePath+"/inquiry/project_url",schemaPath:"#/properties/inquiry/properties/project_url/maxLength",keyword:"maxLength",params:{limit: 2048}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/inquiry/project_url",schemaPath:"#/properties/inquiry/properties/project_url/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data0._gotcha !== undefined){
let data6 = data0._gotcha;
if(typeof data6 === "string"){
if(func1(data6) > 0){
const err24 = {instancePath:instancePath+"/inquiry/_gotcha",schemaPath:"#/properties/inquiry/properties/_gotcha/maxLength",keyword:"maxLength",params:{limit: 0}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/inquiry/_gotcha",schemaPath:"#/properties/inquiry/properties/_gotcha/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/inquiry",schemaPath:"#/properties/inquiry/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.extra !== undefined){
let data7 = data.extra;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
for(const key1 in data7){
let data8 = data7[key1];
if(typeof data8 === "string"){
if(func1(data8) > 200){
const err27 = {instancePath:instancePath+"/extra/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/extra/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!pattern5.test(data8)){
const err28 = {instancePath:instancePath+"/extra/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/extra/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029=\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|=(?!\\?))*(?![\\s\\S])"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/extra/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/extra/additionalProperties/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/extra",schemaPath:"#/properties/extra/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":{"inquiry":true,"extra":true},"dynamicProps":false,"dynamicItems":false};
return validate20;
})();
